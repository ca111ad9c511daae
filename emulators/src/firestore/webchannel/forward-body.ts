/**
 * Parses a forward-channel POST body (`application/x-www-form-urlencoded`):
 * `[headers=…&]count=N&ofs=K&req0___data__=<JSON>&…`, where map `reqI` has map id `K + I`
 * and, with Firestore's `sendRawJson`, carries one request as JSON in its `__data__` field.
 */
import { jsonLiteralRefusal } from '../transport/json-literals.js';
import { ChannelRequestError } from './channel-request.js';

/** WebChannel never puts more than this many maps in one POST. */
const MAX_MAPS_PER_POST = 1000;

export interface ForwardMap {
  mapId: number;
  message: unknown;
}

export interface ForwardBody {
  maps: ForwardMap[];
  /** The handshake's `headers=` field, names lower-cased; empty when absent. */
  initHeaders: Record<string, string>;
}

export function parseForwardBody(body: string): ForwardBody {
  const form = new URLSearchParams(body);
  const count = requiredCount(form, 'count', MAX_MAPS_PER_POST);
  const offset = requiredCount(form, 'ofs', Number.MAX_SAFE_INTEGER);
  const maps: ForwardMap[] = [];
  for (let index = 0; index < count; index++) {
    const field = `req${index}___data__`;
    const data = form.get(field);
    if (data === null) throw new ChannelRequestError(400, `Missing ${field} (count=${count})`);
    maps.push({ mapId: offset + index, message: parseJson(data, field) });
  }
  const headers = form.get('headers');
  return { maps, initHeaders: headers === null ? {} : parseInitHeaders(headers) };
}

/**
 * The handshake's `headers=` value: `Name:Value\r\n…` (the auth and client headers the SDK
 * would otherwise send as real HTTP headers, which would force a CORS preflight).
 */
export function parseInitHeaders(text: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of text.split('\r\n')) {
    if (line.trim() === '') continue;
    const colon = line.indexOf(':');
    if (colon <= 0) throw new ChannelRequestError(400, `Malformed header line in headers=: ${JSON.stringify(line)}`);
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}

function requiredCount(form: URLSearchParams, name: string, max: number): number {
  const raw = form.get(name);
  if (raw === null || !/^\d+$/.test(raw)) throw new ChannelRequestError(400, `${name} must be a non-negative integer`);
  const value = Number(raw);
  if (value > max) throw new ChannelRequestError(400, `${name} must be at most ${max}`);
  return value;
}

function parseJson(text: string, field: string): unknown {
  let message: unknown;
  try {
    message = JSON.parse(text);
  } catch {
    throw new ChannelRequestError(400, `${field} is not valid JSON`);
  }
  // What Google's JSON parser refuses and JSON.parse takes (1e400, a lone surrogate escape), refused as any bad map.
  const refusal = jsonLiteralRefusal(message);
  if (refusal) throw new ChannelRequestError(400, `${field}: ${refusal.message}`);
  return message;
}
