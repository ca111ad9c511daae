/**
 * Client mistakes get the 4xx the services give, nothing is stored half-way, no event is
 * published, and the emulator keeps serving. Raw HTTP, since the SDKs never send these.
 */
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BUCKET, startStorageHarness, type StorageHarness } from './harness.js';

let harness: StorageHarness;

beforeAll(async () => {
  harness = await startStorageHarness();
});

afterAll(async () => {
  await harness.close();
});

beforeEach(() => {
  harness.events.length = 0;
});

const objectUrl = (name: string): string => `${harness.origin}/v0/b/${BUCKET}/o/${encodeURIComponent(name)}`;
const bucketUrl = (): string => `${harness.origin}/v0/b/${BUCKET}/o`;

/** Asserts the object does not exist (through the GCS API) and nothing was published. */
async function expectNothingStored(name: string): Promise<void> {
  const response = await fetch(`${harness.origin}/b/${BUCKET}/o/${encodeURIComponent(name)}`);
  expect(response.status).toBe(404);
  expect(harness.events).toEqual([]);
}

async function startFirebaseResumable(name: string, size: number): Promise<string> {
  const response = await fetch(`${bucketUrl()}?name=${encodeURIComponent(name)}`, {
    method: 'POST',
    headers: {
      'X-Goog-Upload-Protocol': 'resumable',
      'X-Goog-Upload-Command': 'start',
      'X-Goog-Upload-Header-Content-Length': String(size),
      'Content-Type': 'application/json; charset=utf-8',
    },
    body: JSON.stringify({ name, contentType: 'text/plain' }),
  });
  expect(response.status).toBe(200);
  expect(response.headers.get('x-goog-upload-status')).toBe('active');
  return response.headers.get('x-goog-upload-url')!;
}

const chunk = (url: string, command: string, offset: number, body: string): Promise<Response> =>
  fetch(url, { method: 'POST', headers: { 'X-Goog-Upload-Command': command, 'X-Goog-Upload-Offset': String(offset) }, body });

describe('Firebase resumable uploads', () => {
  it('a chunk at the wrong offset is a 400 and changes nothing; the upload can still complete', async () => {
    const url = await startFirebaseResumable('bad/offset.txt', 10);
    expect((await chunk(url, 'upload', 0, 'abcd')).status).toBe(200);
    const wrong = await chunk(url, 'upload', 2, 'cdef');
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).error.code).toBe(400);
    const query = await fetch(url, { method: 'POST', headers: { 'X-Goog-Upload-Command': 'query' } });
    expect(query.headers.get('x-goog-upload-size-received')).toBe('4');
    await expectNothingStored('bad/offset.txt');
    const done = await chunk(url, 'upload, finalize', 4, 'efghij');
    expect(done.status).toBe(200);
    expect(done.headers.get('x-goog-upload-status')).toBe('final');
    expect(await (await fetch(`${objectUrl('bad/offset.txt')}?alt=media`)).text()).toBe('abcdefghij');
  });

  it('finalizing with fewer or more bytes than declared is a 400 and stores nothing', async () => {
    const url = await startFirebaseResumable('bad/short.txt', 10);
    expect((await chunk(url, 'upload, finalize', 0, 'abc')).status).toBe(400);
    expect((await chunk(url, 'upload', 0, 'abcdefghijkl')).status).toBe(400);
    expect((await chunk(url, 'upload', 0, 'abc')).status).toBe(200);
    expect((await fetch(url, { method: 'POST', headers: { 'X-Goog-Upload-Command': 'finalize' } })).status).toBe(400);
    await expectNothingStored('bad/short.txt');
  });

  it('unknown upload ids are a 404 for every command', async () => {
    const url = `${bucketUrl()}?name=x&upload_id=does-not-exist&upload_protocol=resumable`;
    for (const command of ['query', 'upload', 'upload, finalize', 'finalize', 'cancel']) {
      expect((await chunk(url, command, 0, 'x')).status).toBe(404);
    }
    await expectNothingStored('x');
  });

  it('after cancel, chunks are rejected with a 400 and nothing is stored', async () => {
    const url = await startFirebaseResumable('bad/canceled.txt', 4);
    expect((await fetch(url, { method: 'POST', headers: { 'X-Goog-Upload-Command': 'cancel' } })).status).toBe(200);
    expect((await chunk(url, 'upload, finalize', 0, 'abcd')).status).toBe(400);
    await expectNothingStored('bad/canceled.txt');
  });

  it('a start for a name no object can have is refused before any byte is sent', async () => {
    const response = await fetch(`${bucketUrl()}?name=${'n'.repeat(1100)}`, {
      method: 'POST',
      headers: { 'X-Goog-Upload-Protocol': 'resumable', 'X-Goog-Upload-Command': 'start', 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(400);
    expect(response.headers.get('x-goog-upload-url')).toBeNull();
  });

  it('a bad offset header, an unknown command and bad start JSON are 400s', async () => {
    const url = await startFirebaseResumable('bad/headers.txt', 4);
    expect((await chunk(url, 'upload', -1, 'ab')).status).toBe(400);
    expect((await chunk(url, 'explode', 0, 'ab')).status).toBe(400);
    const badStart = await fetch(`${bucketUrl()}?name=bad%2Fjson.txt`, {
      method: 'POST',
      headers: { 'X-Goog-Upload-Protocol': 'resumable', 'X-Goog-Upload-Command': 'start', 'Content-Type': 'application/json' },
      body: '{"contentType":',
    });
    expect(badStart.status).toBe(400);
    await expectNothingStored('bad/headers.txt');
  });

  it('a chunk whose connection drops mid-body is not kept', async () => {
    const url = new URL(await startFirebaseResumable('bad/dropped.bin', 100_000));
    await new Promise<void>((resolve) => {
      const request = httpRequest(url, {
        method: 'POST',
        headers: { 'X-Goog-Upload-Command': 'upload', 'X-Goog-Upload-Offset': '0', 'Content-Length': '100000' },
      });
      request.on('error', () => resolve());
      request.write(Buffer.alloc(50_000, 1), () => setTimeout(() => request.destroy(), 50));
    });
    const query = await fetch(url, { method: 'POST', headers: { 'X-Goog-Upload-Command': 'query' } });
    expect(query.headers.get('x-goog-upload-size-received')).toBe('0');
    await expectNothingStored('bad/dropped.bin');
  });
});

describe('multipart uploads', () => {
  const body = (boundary: string, tail: string): string =>
    `--${boundary}\r\nContent-Type: application/json; charset=utf-8\r\n\r\n{"name":"bad/multi.txt"}\r\n` +
    `--${boundary}\r\nContent-Type: text/plain\r\n\r\nhello${tail}`;

  it('a truncated body (no closing boundary) is a 400 on both APIs and stores nothing', async () => {
    const web = await fetch(`${bucketUrl()}?name=bad%2Fmulti.txt`, {
      method: 'POST',
      headers: { 'X-Goog-Upload-Protocol': 'multipart', 'Content-Type': 'multipart/related; boundary=b1' },
      body: body('b1', ''),
    });
    expect(web.status).toBe(400);
    const gcs = await fetch(`${harness.origin}/upload/storage/v1/b/${BUCKET}/o?uploadType=multipart&name=bad%2Fmulti.txt`, {
      method: 'POST',
      headers: { 'Content-Type': 'multipart/related; boundary=b1' },
      body: body('b1', '\r\n--b1'),
    });
    expect(gcs.status).toBe(400);
    expect((await gcs.json()).error.errors[0].reason).toBe('invalid');
    await expectNothingStored('bad/multi.txt');
  });

  it('bad metadata JSON, a missing boundary and a wrong md5Hash are 400s', async () => {
    const post = (contentType: string, payload: string): Promise<Response> =>
      fetch(`${bucketUrl()}?name=bad%2Fmulti.txt`, { method: 'POST', headers: { 'X-Goog-Upload-Protocol': 'multipart', 'Content-Type': contentType }, body: payload });
    expect((await post('multipart/related; boundary=b2', '--b2\r\nContent-Type: application/json\r\n\r\n{nope\r\n--b2\r\n\r\nx\r\n--b2--')).status).toBe(400);
    expect((await post('multipart/related', body('b3', '\r\n--b3--'))).status).toBe(400);
    const wrongHash = '--b4\r\nContent-Type: application/json\r\n\r\n{"md5Hash":"AAAAAAAAAAAAAAAAAAAAAA=="}\r\n--b4\r\n\r\nx\r\n--b4--';
    expect((await post('multipart/related; boundary=b4', wrongHash)).status).toBe(400);
    await expectNothingStored('bad/multi.txt');
  });
});

describe('GCS resumable uploads', () => {
  async function startGcs(name: string): Promise<string> {
    const response = await fetch(`${harness.origin}/upload/storage/v1/b/${BUCKET}/o?uploadType=resumable&name=${encodeURIComponent(name)}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(200);
    return response.headers.get('location')!;
  }

  it('chunks answer 308 with Range; a wrong offset, a length mismatch or a bad Content-Range are 400s', async () => {
    const session = await startGcs('bad/gcs.bin');
    const put = (range: string, payload: string): Promise<Response> => fetch(session, { method: 'PUT', headers: { 'Content-Range': range }, body: payload });
    const first = await put('bytes 0-3/*', 'abcd');
    expect(first.status).toBe(308);
    expect(first.headers.get('range')).toBe('bytes=0-3');
    expect((await put('bytes 8-11/*', 'ijkl')).status).toBe(400);
    expect((await put('bytes 4-9/*', 'ef')).status).toBe(400);
    expect((await put('bytes=4-5', 'ef')).status).toBe(400);
    const probe = await put('bytes */*', '');
    expect(probe.status).toBe(308);
    expect(probe.headers.get('range')).toBe('bytes=0-3');
    await expectNothingStored('bad/gcs.bin');
    const done = await put('bytes 4-5/6', 'ef');
    expect(done.status).toBe(200);
    expect((await done.json()).size).toBe('6');
  });

  it('an unknown session is a 404, and bad start JSON is a 400', async () => {
    const unknown = await fetch(`${harness.origin}/upload/storage/v1/b/${BUCKET}/o?uploadType=resumable&upload_id=nope`, { method: 'PUT', body: 'x' });
    expect(unknown.status).toBe(404);
    const badJson = await fetch(`${harness.origin}/upload/storage/v1/b/${BUCKET}/o?uploadType=resumable&name=bad%2Fj`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"metadata": 5}',
    });
    expect(badJson.status).toBe(400);
    await expectNothingStored('bad/j');
  });
});

describe('other requests', () => {
  beforeAll(async () => {
    await harness.adminBucket().file('ok/present.txt').save('present');
  });

  it('bad JSON or a bad shape in a metadata update is a 400 and leaves the object as it was', async () => {
    harness.events.length = 0;
    for (const payload of ['{"contentType":', '[1,2]', '{"metadata":"x"}', '{"contentType":5}']) {
      const response = await fetch(objectUrl('ok/present.txt'), { method: 'PATCH', headers: { 'Content-Type': 'application/json' }, body: payload });
      expect(response.status).toBe(400);
    }
    expect(harness.events).toEqual([]);
    const metadata = await (await fetch(`${harness.origin}/b/${BUCKET}/o/ok%2Fpresent.txt`)).json();
    expect(metadata.metageneration).toBe('1');
  });

  it('names GCS refuses (too long, line breaks) and header-breaking metadata are 400s that store nothing', async () => {
    const upload = (name: string, contentType = 'text/plain'): Promise<Response> =>
      fetch(`${bucketUrl()}?name=${encodeURIComponent(name)}`, {
        method: 'POST',
        headers: { 'X-Goog-Upload-Protocol': 'multipart', 'Content-Type': 'multipart/related; boundary=n' },
        body: `--n\r\nContent-Type: application/json\r\n\r\n${JSON.stringify({ contentType })}\r\n--n\r\n\r\nx\r\n--n--`,
      });
    expect((await upload('x'.repeat(1025))).status).toBe(400);
    expect((await upload('line\nbreak')).status).toBe(400);
    expect((await upload('bad/header.txt', 'text/plain\r\nX-Injected: 1')).status).toBe(400);
    await expectNothingStored('bad/header.txt');
  });

  it('listing with a prefix not ending in "/" or a bad maxResults or page token is a 400', async () => {
    expect((await fetch(`${bucketUrl()}?prefix=ok&delimiter=/`)).status).toBe(400);
    expect((await fetch(`${bucketUrl()}?prefix=ok/&maxResults=0`)).status).toBe(400);
    expect((await fetch(`${bucketUrl()}?prefix=ok/&pageToken=!!`)).status).toBe(400);
  });

  it('a refusal that leaves the body unread closes the connection (Connection: close), so the next request gets a fresh one', async () => {
    // A body still arriving when the name is refused: the emulator stops reading it.
    let release!: () => void;
    const later = new Promise<void>((resolve) => (release = resolve));
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(new TextEncoder().encode('first part'));
        await later;
        controller.close();
      },
    });
    const refused = await fetch(`${bucketUrl()}?name=${'x'.repeat(1025)}`, { method: 'POST', body, duplex: 'half' } as RequestInit);
    release();
    expect([refused.status, refused.headers.get('connection')]).toEqual([400, 'close']);
    await refused.text();
    expect((await fetch(objectUrl('ok/present.txt'))).status).toBe(200);
  });

  it('an undecodable Authorization header is a 401', async () => {
    const response = await fetch(objectUrl('ok/present.txt'), { headers: { Authorization: 'Firebase not-a-jwt' } });
    expect(response.status).toBe(401);
  });

  it('unsatisfiable ranges are 416; malformed paths 400; unknown routes 404; wrong methods 405', async () => {
    expect((await fetch(`${objectUrl('ok/present.txt')}?alt=media`, { headers: { Range: 'bytes=100-200' } })).status).toBe(416);
    expect((await fetch(`${harness.origin}/v0/b/${BUCKET}/o/%E0%A4%A`)).status).toBe(400);
    // (Two segments or more, `/{bucket}/{object}`, are the public URL form: see gcs-parity.test.ts.)
    expect((await fetch(`${harness.origin}/nothing`)).status).toBe(404);
    expect((await fetch(`${harness.origin}/nothing/here`, { method: 'POST' })).status).toBe(405);
    expect((await fetch(bucketUrl(), { method: 'DELETE' })).status).toBe(405);
  });

  it('HEAD answers like GET without a body', async () => {
    const head = await fetch(`${objectUrl('ok/present.txt')}?alt=media`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe('7');
    expect(await head.text()).toBe('');
    expect((await fetch(`${harness.origin}/b/${BUCKET}/o/ok%2Fmissing.txt`, { method: 'HEAD' })).status).toBe(404);
  });

  it('a media download of a missing object is a plain-text 404 on the GCS API', async () => {
    const response = await fetch(`${harness.origin}/download/storage/v1/b/${BUCKET}/o/ok%2Fmissing.txt?alt=media`);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await response.text()).toBe(`No such object: ${BUCKET}/ok/missing.txt`);
  });

  it('malformed request targets on a raw socket are 4xx, never a crash', async () => {
    for (const target of ['http://[bad/x', '*', '//double/slash', '/v0/b/x/o/%ZZ']) {
      const statusLine = await new Promise<string>((resolve, reject) => {
        const socket = connect(harness.emulator.port, '127.0.0.1', () => {
          socket.write(`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
        });
        let reply = '';
        socket.on('data', (data: Buffer) => (reply += data.toString())).on('end', () => resolve(reply.split('\r\n')[0]!)).on('error', reject);
      });
      expect(statusLine).toMatch(/^HTTP\/1\.1 4\d\d /);
    }
  });

  it('keeps serving after all of the above', async () => {
    expect(await (await fetch(`${objectUrl('ok/present.txt')}?alt=media`)).text()).toBe('present');
  });
});
