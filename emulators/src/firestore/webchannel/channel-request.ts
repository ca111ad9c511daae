/**
 * Classifies one HTTP request on a `/google.firestore.v1.Firestore/{Listen|Write}/channel`
 * path into the WebChannel operation it performs, from its method and URL parameters.
 */
import type { StreamKind } from '../streams.js';

export type ChannelRequest =
  | { op: 'preflight' }
  | { op: 'handshake'; kind: StreamKind; database: string }
  | { op: 'forward'; kind: StreamKind; sid: string; aid: number | undefined }
  | { op: 'backChannel'; kind: StreamKind; sid: string; aid: number | undefined; longPoll: boolean; timeoutMs: number | undefined }
  | { op: 'terminate'; kind: StreamKind; sid: string };

/** A request the transport refuses; `status` is the HTTP status to answer with. */
export class ChannelRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ChannelRequestError';
  }
}

const CHANNEL_PATH = /^\/google\.firestore\.v1\.Firestore\/(Listen|Write)\/channel$/;

export function classifyChannelRequest(method: string | undefined, rawUrl: string | undefined): ChannelRequest {
  const url = new URL(rawUrl ?? '/', 'http://channel.invalid');
  const kind = CHANNEL_PATH.exec(url.pathname)?.[1] as StreamKind | undefined;
  if (kind === undefined) throw new ChannelRequestError(404, `No WebChannel at ${url.pathname}`);
  if (method === 'OPTIONS') return { op: 'preflight' };
  if (method !== 'GET' && method !== 'POST') throw new ChannelRequestError(405, `Method ${method ?? ''} not allowed`);

  const params = url.searchParams;
  const sid = params.get('SID');
  // The terminate beacon is a POST (sendBeacon) or, as a fallback, a GET (image or fetch).
  if (params.get('TYPE') === 'terminate') return { op: 'terminate', kind, sid: requireSid(sid) };

  if (method === 'POST') {
    if (sid === null) {
      const database = params.get('database');
      if (database === null || !/^projects\/[^/]+\/databases\/[^/]+$/.test(database)) {
        throw new ChannelRequestError(400, 'The handshake needs a database=projects/{p}/databases/{d} parameter');
      }
      return { op: 'handshake', kind, database };
    }
    return { op: 'forward', kind, sid, aid: optionalInteger(params, 'AID') };
  }

  if (params.get('RID') !== 'rpc') throw new ChannelRequestError(400, 'A back-channel GET needs RID=rpc');
  return {
    op: 'backChannel',
    kind,
    sid: requireSid(sid),
    aid: optionalInteger(params, 'AID'),
    longPoll: params.get('CI') === '1',
    timeoutMs: optionalInteger(params, 'TO'),
  };
}

function requireSid(sid: string | null): string {
  if (sid === null || sid === '') throw new ChannelRequestError(400, 'Missing SID parameter');
  return sid;
}

function optionalInteger(params: URLSearchParams, name: string): number | undefined {
  const raw = params.get(name);
  if (raw === null || raw === '') return undefined;
  if (!/^-?\d+$/.test(raw)) throw new ChannelRequestError(400, `${name} must be an integer`);
  return Number(raw);
}
