import { describe, expect, it } from 'vitest';
import { ChannelRequestError } from './channel-request.js';
import { parseForwardBody, parseInitHeaders } from './forward-body.js';

const encode = (value: unknown) => encodeURIComponent(JSON.stringify(value));

describe('parseForwardBody', () => {
  it('numbers maps from ofs and decodes their JSON', () => {
    const body = `count=2&ofs=5&req0___data__=${encode({ a: 1 })}&req1___data__=${encode({ b: 'é' })}`;
    expect(parseForwardBody(body)).toEqual({
      maps: [
        { mapId: 5, message: { a: 1 } },
        { mapId: 6, message: { b: 'é' } },
      ],
      initHeaders: {},
    });
  });

  it('reads the handshake headers= field, names lower-cased', () => {
    const headers = encodeURIComponent('X-Goog-Api-Client:gl-js/ fire/12.19.0\r\nContent-Type:text/plain\r\nAuthorization:Bearer a.b.c\r\n');
    const body = `headers=${headers}&count=1&ofs=0&req0___data__=${encode({ database: 'projects/p/databases/(default)' })}`;
    expect(parseForwardBody(body).initHeaders).toEqual({
      'x-goog-api-client': 'gl-js/ fire/12.19.0',
      'content-type': 'text/plain',
      authorization: 'Bearer a.b.c',
    });
  });

  it.each([
    ['no count', 'ofs=0'],
    ['a negative count', 'count=-1&ofs=0'],
    ['no ofs', 'count=0'],
    ['a missing map', 'count=2&ofs=0&req0___data__=%7B%7D'],
    ['bad JSON in a map', 'count=1&ofs=0&req0___data__=%7Bnope'],
    ['more than 1000 maps', 'count=1001&ofs=0'],
  ])('refuses a body with %s as 400', (_label, body) => {
    expect(() => parseForwardBody(body)).toThrow(expect.objectContaining({ status: 400 }) as ChannelRequestError);
  });

  it('refuses a header line without a colon', () => {
    expect(() => parseInitHeaders('Authorization Bearer x\r\n')).toThrow(ChannelRequestError);
  });
});
