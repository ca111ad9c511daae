/** The live sessions of one server, by SID, each bound to the stream kind it was opened for. */
import { randomBytes } from 'node:crypto';
import type { StreamKind } from '../streams.js';
import { Session, type SessionOptions } from './session.js';

interface Entry {
  kind: StreamKind;
  session: Session;
}

export class SessionRegistry {
  private readonly sessions = new Map<string, Entry>();

  constructor(private readonly options: SessionOptions) {}

  create(kind: StreamKind): Session {
    const sid = randomBytes(12).toString('base64url');
    const session = new Session(sid, this.options, () => this.sessions.delete(sid));
    this.sessions.set(sid, { kind, session });
    return session;
  }

  /** The session, if it exists and belongs to this stream kind. */
  find(sid: string, kind: StreamKind): Session | undefined {
    const entry = this.sessions.get(sid);
    return entry?.kind === kind ? entry.session : undefined;
  }

  get size(): number {
    return this.sessions.size;
  }
}
