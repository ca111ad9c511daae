import { describe, expect, it } from 'vitest';
import { parseMultipartRelated } from './multipart.js';

const body = (boundary: string, media: Buffer, closing = `\r\n--${boundary}--`): Buffer =>
  Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Type: application/json; charset=utf-8\r\n\r\n{"name":"a.txt","metadata":{"k":"v"}}\r\n--${boundary}\r\nContent-Type: image/png\r\n\r\n`),
    media,
    Buffer.from(closing),
  ]);

describe('parseMultipartRelated', () => {
  it('splits metadata JSON and binary media, even when the media contains CRLFs and dashes', () => {
    const media = Buffer.from([0, 13, 10, 45, 45, 255, 13, 10]);
    const parsed = parseMultipartRelated('multipart/related; boundary=abc123', body('abc123', media));
    expect(parsed.metadata).toEqual({ name: 'a.txt', metadata: { k: 'v' } });
    expect(parsed.contentType).toBe('image/png');
    expect(parsed.data.equals(media)).toBe(true);
  });

  it('accepts a quoted boundary and a trailing CRLF after the closing delimiter', () => {
    const parsed = parseMultipartRelated('multipart/related; boundary="q b"', body('q b', Buffer.from('x'), '\r\n--q b--\r\n'));
    expect(parsed.data.toString()).toBe('x');
  });

  it('rejects truncated bodies, missing boundaries, wrong part counts and other content types', () => {
    expect(() => parseMultipartRelated('multipart/related; boundary=b', body('b', Buffer.from('x'), ''))).toThrow(/truncated/);
    expect(() => parseMultipartRelated('multipart/related; boundary=b', body('b', Buffer.from('x'), '\r\n--b'))).toThrow(/truncated/);
    expect(() => parseMultipartRelated('multipart/related', body('b', Buffer.from('x')))).toThrow(/boundary/);
    expect(() => parseMultipartRelated('application/json', body('b', Buffer.from('x')))).toThrow(/multipart\/related/);
    expect(() => parseMultipartRelated('multipart/related; boundary=b', Buffer.from('--b\r\n\r\n{}\r\n--b--'))).toThrow(/2 parts/);
    expect(() => parseMultipartRelated('multipart/related; boundary=b', Buffer.from('no boundary here'))).toThrow(/opening/);
  });
});
