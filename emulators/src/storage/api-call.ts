/** One routed request, as the server hands it to an API module. */
import type { IncomingMessage, ServerResponse } from 'node:http';

export interface ApiCall {
  request: IncomingMessage;
  response: ServerResponse;
  url: URL;
  bucket: string;
  /** The decoded object name, or undefined for a bucket-level path (list, upload). */
  object: string | undefined;
  /** The origin the client reached us at (from `Host`), for upload URLs it must come back to. */
  origin: string;
}

/** A request header as one string (repeated headers joined), or undefined. */
export function header(call: ApiCall, name: string): string | undefined {
  const value = call.request.headers[name.toLowerCase()];
  return Array.isArray(value) ? value.join(', ') : value;
}
