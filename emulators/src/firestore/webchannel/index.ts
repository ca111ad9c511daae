/**
 * The WebChannel transport: how the unmodified browser Firestore SDK carries its Listen and
 * Write streams over plain HTTP/1.1 (protocol notes: docs/protocols/firestore-webchannel.md).
 *
 *   handler.ts          routes each channel request (handshake, forward POST, back-channel GET,
 *                       terminate, preflight) and answers it
 *   channel-request.ts  classifies a request from its method and URL parameters
 *   forward-body.ts     form bodies: `reqN___data__` maps and the handshake's `headers=` field
 *   session.ts          one stream's session: map ordering and dedupe, outbox, back channel, expiry
 *   session-registry.ts live sessions by SID
 *   outbox.ts           array ids and the unacknowledged arrays kept for resending above `AID`
 *   back-channel.ts     one GET, streaming (`CI=0`) or long-poll (`CI=1`)
 *   framing.ts          `<UTF-16 length>\n<payload>` chunks and the forward-POST acknowledgement
 *   stream-error.ts     Firestore errors as 200 `{"error":…}` stream messages
 *   cors.ts             exact-origin CORS with credentials and the exposed session header
 */
import type { CreateWebChannelHandler } from '../streams.js';
import { createWebChannelServerSide } from './handler.js';

export {
  createWebChannelServerSide,
  DEFAULT_WEBCHANNEL_OPTIONS,
  type WebChannelOptions,
  type WebChannelServerSide,
} from './handler.js';

export const createWebChannelHandler: CreateWebChannelHandler = (openStream) => createWebChannelServerSide(openStream).handler;
