/**
 * The HTTP side of the WebChannel transport: routes each request on a channel path to the
 * session it belongs to and answers in the shapes the browser SDK's WebChannel client reads.
 *
 * Channel failures the client must see as Firestore errors travel as 200 + `{"error":…}`
 * stream messages (the session's sink); HTTP error statuses are kept for requests the
 * transport cannot accept at all, which the client treats as a dead channel (UNAVAILABLE,
 * then a fresh session).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { OpenStream, StreamKind, WebChannelHandler } from '../streams.js';
import { ChannelRequestError, classifyChannelRequest, type ChannelRequest } from './channel-request.js';
import { answerPreflight, applyCorsHeaders } from './cors.js';
import { parseForwardBody } from './forward-body.js';
import { frame, frameForwardAck } from './framing.js';
import { readBody } from './read-body.js';
import type { Session, SessionOptions } from './session.js';
import { SessionRegistry } from './session-registry.js';
import { RpcCode } from '../errors.js';

export interface WebChannelOptions extends SessionOptions {
  /** Advertised in the handshake; the client's back-channel watchdog fires after 1.5× this. */
  keepaliveMs: number;
  /** Forward POSTs larger than this are refused (413). */
  maxBodyBytes: number;
}

export const DEFAULT_WEBCHANNEL_OPTIONS: WebChannelOptions = {
  keepaliveMs: 30_000,
  noopIntervalMs: 25_000,
  longPollWaitMs: 25_000,
  maxLongPollWaitMs: 30_000,
  orphanTimeoutMs: 60_000,
  recycleStreamAfterLength: 1024 * 1024,
  maxBodyBytes: 64 * 1024 * 1024,
};

/** WebChannel wire version the handshake answers with (`VER=8`), and a server version the client only logs. */
const PROTOCOL_VERSION = 8;
const SERVER_VERSION = 14;

export interface WebChannelServerSide {
  handler: WebChannelHandler;
  /** Live sessions, for tests and diagnostics. */
  sessions: SessionRegistry;
}

export function createWebChannelServerSide(
  openStream: OpenStream,
  options: WebChannelOptions = DEFAULT_WEBCHANNEL_OPTIONS,
): WebChannelServerSide {
  const sessions = new SessionRegistry(options);

  async function route(request: IncomingMessage, response: ServerResponse, channelRequest: ChannelRequest): Promise<void> {
    switch (channelRequest.op) {
      case 'preflight':
        return answerPreflight(request, response);
      case 'handshake': {
        const body = parseForwardBody(await readBody(request, options.maxBodyBytes));
        const session = sessions.create(channelRequest.kind);
        openEngineStream(session, () =>
          openStream(channelRequest.kind, { database: channelRequest.database, headers: body.initHeaders }, session.sink),
        );
        session.receive(body.maps);
        response.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8', 'X-HTTP-Session-Id': session.sid });
        // hostPrefix must be empty, or the client sends its back channel to `<prefix>.<host>`.
        const hello = ['c', session.sid, '', PROTOCOL_VERSION, SERVER_VERSION, options.keepaliveMs];
        response.end(frame(JSON.stringify([[0, hello]])));
        return;
      }
      case 'forward': {
        const body = parseForwardBody(await readBody(request, options.maxBodyBytes));
        const session = findSession(channelRequest.sid, channelRequest.kind);
        session.receive(body.maps);
        const ack = session.forwardAck(channelRequest.aid);
        response.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8' });
        response.end(frameForwardAck(ack.hasBackChannel, ack.lastArrayId, ack.outstandingLength));
        return;
      }
      case 'backChannel': {
        const session = findSession(channelRequest.sid, channelRequest.kind);
        session.attachBackChannel(response, channelRequest.aid ?? 0, channelRequest.longPoll, channelRequest.timeoutMs);
        return;
      }
      case 'terminate': {
        // A beacon: nobody reads the answer, and terminating an unknown session is not an error.
        sessions.find(channelRequest.sid, channelRequest.kind)?.close();
        response.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8' });
        response.end();
        return;
      }
    }
  }

  function findSession(sid: string, kind: StreamKind): Session {
    const session = sessions.find(sid, kind);
    // The client classifies a 400 whose text contains "Unknown SID" (past index 0) as UNKNOWN_SESSION_ID.
    if (session === undefined) throw new ChannelRequestError(400, `Bad Request: Unknown SID ${sid}`);
    return session;
  }

  const handler: WebChannelHandler = (request, response) => {
    // Channel answers are small and latency-bound: never let Nagle hold a chunk back.
    request.socket.setNoDelay(true);
    applyCorsHeaders(request, response);
    let channelRequest: ChannelRequest;
    try {
      channelRequest = classifyChannelRequest(request.method, request.url);
    } catch (error) {
      answerError(response, error);
      return;
    }
    route(request, response, channelRequest).catch((error: unknown) => answerError(response, error));
  };

  return { handler, sessions };
}

/** Opens the engine's stream for a new session; an engine that throws fails the stream instead of the request. */
function openEngineStream(session: Session, open: () => ReturnType<OpenStream>): void {
  try {
    session.attachStream(open());
  } catch (error) {
    console.error('[webchannel] opening the stream failed', error);
    session.sink.fail(RpcCode.INTERNAL, 'Internal error while opening the stream');
  }
}

function answerError(response: ServerResponse, error: unknown): void {
  const known = error instanceof ChannelRequestError;
  if (!known) console.error('[webchannel] request failed', error);
  if (response.headersSent) {
    response.end();
    return;
  }
  const status = known ? error.status : 500;
  response.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8' });
  response.end(known ? error.message : 'Internal error');
}
