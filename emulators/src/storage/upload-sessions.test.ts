import { describe, expect, it } from 'vitest';
import { UploadSessions } from './upload-sessions.js';

const start = (sessions: UploadSessions, declaredSize?: number) =>
  sessions.start({ bucket: 'b', name: 'n', patch: {}, contentType: undefined, declaredSize, caller: { kind: 'owner' }, preconditions: {} });

describe('UploadSessions', () => {
  it('appends chunks only at the received offset and within the declared size', () => {
    const sessions = new UploadSessions();
    const session = start(sessions, 6);
    sessions.append(session, 0, Buffer.from('abc'), false);
    expect(() => sessions.append(session, 2, Buffer.from('cde'), false)).toThrow(/offset/);
    expect(() => sessions.append(session, 3, Buffer.from('defg'), false)).toThrow(/declared size/);
    expect(() => sessions.append(session, 3, Buffer.from('de'), true)).toThrow(/declared size/);
    expect(session.received).toBe(3);
    sessions.append(session, 3, Buffer.from('def'), true);
    expect(sessions.beginFinalize(session).toString()).toBe('abcdef');
  });

  it('refuses chunks, a second finalize and a cancel once finalizing, and chunks after a cancel', () => {
    const sessions = new UploadSessions();
    const finalizing = start(sessions);
    sessions.beginFinalize(finalizing);
    expect(() => sessions.beginFinalize(finalizing)).toThrow(/finalizing/);
    expect(() => sessions.append(finalizing, 0, Buffer.from('x'), false)).toThrow(/finalizing/);
    expect(() => sessions.cancel(finalizing)).toThrow(/finalized/);
    const canceled = start(sessions);
    sessions.cancel(canceled);
    expect(() => sessions.append(canceled, 0, Buffer.from('x'), false)).toThrow(/canceled/);
  });

  it('forgets discarded sessions and everything on clear', () => {
    const sessions = new UploadSessions();
    const discarded = start(sessions);
    sessions.discard(discarded);
    expect(() => sessions.get(discarded.id)).toThrow(expect.objectContaining({ status: 404 }));
    const kept = start(sessions);
    expect(sessions.get(kept.id)).toBe(kept);
    sessions.clear();
    expect(() => sessions.get(kept.id)).toThrow(expect.objectContaining({ status: 404 }));
  });
});
