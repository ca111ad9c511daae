/** Reads a request body as UTF-8 text, refusing bodies over a size limit. */
import type { IncomingMessage } from 'node:http';
import { ChannelRequestError } from './channel-request.js';

export async function readBody(request: IncomingMessage, maxBytes: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > maxBytes) throw new ChannelRequestError(413, `Request body larger than ${maxBytes} bytes`);
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}
