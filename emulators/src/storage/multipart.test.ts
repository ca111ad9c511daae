import { describe, expect, it } from 'vitest';
import { readMultipartRelated, type MultipartHead } from './multipart.js';

const body = (boundary: string, media: Buffer, closing = `\r\n--${boundary}--`): Buffer =>
  Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Type: application/json; charset=utf-8\r\n\r\n{"name":"a.txt","metadata":{"k":"v"}}\r\n--${boundary}\r\nContent-Type: image/png\r\n\r\n`),
    media,
    Buffer.from(closing),
  ]);

/** Feeds `data` in chunks of `chunkSize` bytes, as a socket would. */
async function* chunked(data: Buffer, chunkSize: number): AsyncIterable<Buffer> {
  for (let at = 0; at < data.byteLength; at += chunkSize) yield data.subarray(at, at + chunkSize);
}

async function parse(contentType: string | undefined, data: Buffer, chunkSize = data.byteLength || 1, maxMediaBytes = 1_000_000) {
  let head: MultipartHead | undefined;
  const media: Buffer[] = [];
  await readMultipartRelated(
    contentType,
    chunked(data, chunkSize),
    { head: async (parsed) => void (head = parsed), media: async (bytes) => void media.push(Buffer.from(bytes)) },
    { maxMediaBytes, contentLength: data.byteLength },
  );
  return { head: head!, media: Buffer.concat(media) };
}

describe('readMultipartRelated', () => {
  it('splits metadata JSON and binary media, even when the media contains CRLFs and dashes, whatever the chunking', async () => {
    const media = Buffer.from([0, 13, 10, 45, 45, 255, 13, 10, 45, 45, 97, 98]);
    for (const chunkSize of [1, 2, 3, 7, 64, 10_000]) {
      const parsed = await parse('multipart/related; boundary=abc123', body('abc123', media), chunkSize);
      expect(parsed.head.metadata).toEqual({ name: 'a.txt', metadata: { k: 'v' } });
      expect(parsed.head.contentType).toBe('image/png');
      expect(parsed.head.declaredSize).toBe(media.byteLength);
      expect(parsed.media.equals(media)).toBe(true);
    }
  });

  it('hands the metadata over before reading any media byte, so the upload can be refused first', async () => {
    const data = body('b', Buffer.alloc(100_000, 7));
    let pulled = 0;
    async function* counting(): AsyncIterable<Buffer> {
      for await (const chunk of chunked(data, 1000)) {
        pulled += chunk.byteLength;
        yield chunk;
      }
    }
    const refused = readMultipartRelated(
      'multipart/related; boundary=b',
      counting(),
      {
        head: async () => {
          throw new Error('refused');
        },
        media: async () => undefined,
      },
      { maxMediaBytes: 1_000_000, contentLength: data.byteLength },
    );
    await expect(refused).rejects.toThrow('refused');
    expect(pulled).toBeLessThanOrEqual(1000);
  });

  it('accepts a quoted boundary and a trailing CRLF after the closing delimiter', async () => {
    const parsed = await parse('multipart/related; boundary="q b"', body('q b', Buffer.from('x'), '\r\n--q b--\r\n'));
    expect(parsed.media.toString()).toBe('x');
  });

  it('refuses media past the size limit (413)', async () => {
    await expect(parse('multipart/related; boundary=b', body('b', Buffer.alloc(2000)), 100, 1000)).rejects.toMatchObject({ status: 413 });
  });

  it('rejects truncated bodies, missing boundaries, wrong part counts and other content types', async () => {
    await expect(parse('multipart/related; boundary=b', body('b', Buffer.from('x'), ''))).rejects.toThrow(/truncated/);
    await expect(parse('multipart/related; boundary=b', body('b', Buffer.from('x'), '\r\n--b'))).rejects.toThrow(/truncated/);
    await expect(parse('multipart/related', body('b', Buffer.from('x')))).rejects.toThrow(/boundary/);
    await expect(parse('application/json', body('b', Buffer.from('x')))).rejects.toThrow(/multipart\/related/);
    await expect(parse('multipart/related; boundary=b', Buffer.from('--b\r\n\r\n{}\r\n--b--'))).rejects.toThrow(/2 parts/);
    await expect(parse('multipart/related; boundary=b', body('b', Buffer.from('x'), '\r\n--b\r\n\r\nthird\r\n--b--'))).rejects.toThrow(/2 parts/);
    await expect(parse('multipart/related; boundary=b', Buffer.from('no boundary here'))).rejects.toThrow(/opening/);
  });
});
