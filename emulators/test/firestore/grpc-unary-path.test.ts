/**
 * The emulator's own unary gRPC path (transport/grpc-unary.ts) against grpc-js: the same raw
 * HTTP/2 requests are sent to an emulator answering unary calls itself and to one leaving them
 * to grpc-js, and the answers compared byte for byte (response headers, message, trailers; the
 * `date` header and a commit's timestamps aside): a good Commit, a message split across DATA
 * frames, malformed messages, no message, two messages, one over the receive limit, a bad token,
 * a rules denial, a missing document, a passed deadline and request timeout, and what is left to
 * grpc-js either way (an unknown method, a wrong content type, an unreadable deadline). Where
 * grpc-js departs from the gRPC spec (a truncated message, a compressed flag under identity
 * encoding: INTERNAL by the spec) this path follows the spec, and the test says how each answers.
 */
import { connect, type IncomingHttpHeaders } from 'node:http2';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFirestoreEmulator, type FirestoreEmulator } from '../../src/firestore/index.js';
import { takeStreamsFirst } from '../../src/firestore/transport/grpc-js-streams.js';
import { codecFor } from '../../src/firestore/transport/proto-codec.js';
import { DB, PROJECT, ROOT } from './helpers.js';

const REQUEST_MS = 400;
const COMMIT = '/google.firestore.v1.Firestore/Commit';
const commitRequest = codecFor('google.firestore.v1.CommitRequest');
const commitResponse = codecFor('google.firestore.v1.CommitResponse');
const getRequest = codecFor('google.firestore.v1.GetDocumentRequest');

let own: FirestoreEmulator;
let grpcJs: FirestoreEmulator;

beforeAll(async () => {
  const options = { port: 0, projectId: PROJECT, timeouts: { requestMs: REQUEST_MS } };
  [own, grpcJs] = await Promise.all([startFirestoreEmulator(options), startFirestoreEmulator({ ...options, unaryGrpc: 'grpc-js' })]);
});
afterAll(async () => {
  await Promise.all([own?.close(), grpcJs?.close()]);
});

interface Answer {
  headers: IncomingHttpHeaders;
  data: Buffer;
  trailers: IncomingHttpHeaders | undefined;
}

interface RawCall {
  path?: string;
  headers?: Record<string, string>;
  /** Each written as its own DATA frame. */
  chunks: Buffer[];
  /** Half-close after the chunks (default true). */
  end?: boolean;
}

/** One raw HTTP/2 call on a fresh connection; the answer without the `date` header. */
function call(emulator: FirestoreEmulator, raw: RawCall): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const session = connect(`http://127.0.0.1:${emulator.port}`);
    session.on('error', reject);
    const stream = session.request({
      ':method': 'POST',
      ':path': raw.path ?? COMMIT,
      'content-type': 'application/grpc',
      te: 'trailers',
      authorization: 'Bearer owner',
      ...raw.headers,
    });
    let headers: IncomingHttpHeaders = {};
    let trailers: IncomingHttpHeaders | undefined;
    const data: Buffer[] = [];
    let done = false;
    // A call still sending when it is refused never closes on its own: its status ends it here.
    const finish = () => {
      if (done) return;
      done = true;
      session.destroy();
      delete headers.date;
      resolve({ headers, data: Buffer.concat(data), trailers });
    };
    stream.on('response', (received) => {
      headers = { ...received };
      if (received['grpc-status'] !== undefined) finish();
    });
    stream.on('trailers', (received) => {
      trailers = { ...received };
      finish();
    });
    stream.on('data', (chunk: Buffer) => data.push(chunk));
    stream.on('error', () => {});
    stream.on('close', finish);
    const chunks = [...raw.chunks];
    const writeNext = () => {
      const chunk = chunks.shift();
      if (chunk === undefined) {
        if (raw.end !== false) stream.end();
        return;
      }
      // One DATA frame each: the next is written once this one has gone out.
      stream.write(chunk, () => setImmediate(writeNext));
    };
    writeNext();
  });
}

/** Both paths' answers to the same call, for comparison. */
async function both(raw: RawCall | ((emulator: FirestoreEmulator) => RawCall)): Promise<[Answer, Answer]> {
  const of = (emulator: FirestoreEmulator) => (typeof raw === 'function' ? raw(emulator) : raw);
  return Promise.all([call(own, of(own)), call(grpcJs, of(grpcJs))]);
}

function frame(message: Buffer, declaredLength = message.length): Buffer {
  const prefix = Buffer.alloc(5);
  prefix.writeUInt32BE(declaredLength, 1);
  return Buffer.concat([prefix, message]);
}

const write = (id: string, value = 'v') => commitRequest.encode({ database: DB, writes: [{ update: { name: `${ROOT}/unary/${id}`, fields: { value: { stringValue: value } } } }] });
/** An unsigned emulator token (alg none), as the Auth emulator issues. */
const userToken = (uid: string) => `Bearer ${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify({ sub: uid, user_id: uid })).toString('base64url')}.`;

/** A commit's answer with its timestamps (which differ between two emulators) set aside. */
function withoutTimes(answer: Answer): unknown {
  const message = answer.data.length > 5 ? (commitResponse.decode(answer.data.subarray(5)) as { commitTime?: string; writeResults?: Array<{ updateTime?: string }> }) : undefined;
  if (message?.commitTime !== undefined) message.commitTime = 'T';
  for (const result of message?.writeResults ?? []) if (result.updateTime !== undefined) result.updateTime = 'T';
  return { headers: answer.headers, message, trailers: answer.trailers };
}

describe('the own unary gRPC path', () => {
  it('is in use, and answers a Commit as grpc-js does: headers, message and trailers', async () => {
    expect(own.unaryGrpc).toBe('own');
    expect(grpcJs.unaryGrpc).toBe('grpc-js');
    const [mine, theirs] = await both({ chunks: [frame(write('a'))] });
    expect(withoutTimes(mine)).toEqual(withoutTimes(theirs));
    expect(mine.trailers).toMatchObject({ 'grpc-status': '0', 'grpc-message': 'OK' });
    expect(withoutTimes(mine)).toMatchObject({ message: { commitTime: 'T', writeResults: [{ updateTime: 'T' }] } });
  });

  it('reads a message split across DATA frames (the length prefix too) and answers as grpc-js', async () => {
    const bytes = frame(write('split', 'x'.repeat(3000)));
    const [mine, theirs] = await both({ chunks: [bytes.subarray(0, 3), bytes.subarray(3, 1000), bytes.subarray(1000)] });
    expect(withoutTimes(mine)).toEqual(withoutTimes(theirs));
    expect(mine.trailers?.['grpc-status']).toBe('0');
    const read = await call(own, { path: '/google.firestore.v1.Firestore/GetDocument', chunks: [frame(getRequest.encode({ name: `${ROOT}/unary/split` }))] });
    expect(read.data.toString('latin1')).toContain('x'.repeat(3000));
  });

  it('refuses malformed requests with the same statuses and messages as grpc-js', async () => {
    const cases: Array<[string, RawCall, string]> = [
      ['bytes that are not a CommitRequest', { chunks: [frame(Buffer.from([0xff, 0xff, 0xff, 0xff]))] }, '3'],
      ['no database', { chunks: [frame(Buffer.alloc(0))] }, '3'],
      ['no message at all', { chunks: [] }, '12'],
      ['two messages', { chunks: [Buffer.concat([frame(write('two-1')), frame(write('two-2'))])] }, '12'],
      ['a message over the 16 MiB receive limit', { chunks: [frame(Buffer.alloc(10), 17 * 1024 * 1024)] }, '8'],
      ['a token that is not a JWT', { headers: { authorization: 'Bearer nope' }, chunks: [frame(write('tok'))] }, '16'],
      ['an Authorization that is no scheme', { headers: { authorization: 'Basic a b' }, chunks: [frame(write('tok'))] }, '16'],
      ['a missing document', { path: '/google.firestore.v1.Firestore/GetDocument', chunks: [frame(getRequest.encode({ name: `${ROOT}/unary/none` }))] }, '5'],
      ['an unknown method (grpc-js either way)', { path: '/google.firestore.v1.Firestore/Nope', chunks: [frame(write('x'))] }, '12'],
      ['an unreadable deadline (grpc-js either way)', { headers: { 'grpc-timeout': 'soon' }, chunks: [frame(write('x'))] }, '13'],
    ];
    for (const [what, raw, status] of cases) {
      const [mine, theirs] = await both(raw);
      expect(mine, what).toEqual(theirs);
      expect(mine.headers['grpc-status'], what).toBe(status);
    }
    // Neither of the two messages was committed.
    const read = await call(own, { path: '/google.firestore.v1.Firestore/GetDocument', chunks: [frame(getRequest.encode({ name: `${ROOT}/unary/two-1` }))] });
    expect(read.headers['grpc-status']).toBe('5');
  });

  it('answers a truncated message or a set Compressed-Flag under identity encoding INTERNAL, as the gRPC spec says (grpc-js does not)', async () => {
    const compressed = (message: Buffer) => {
      const framed = frame(message);
      framed[0] = 1;
      return framed;
    };
    const cases: Array<[string, RawCall, string]> = [
      ['a truncated message', { chunks: [frame(write('t')).subarray(0, 12)] }, '12'],
      ['a whole message, then a truncated one', { chunks: [Buffer.concat([frame(write('t2')), frame(write('t3')).subarray(0, 8)])] }, '0'],
      ['a compressed frame without grpc-encoding', { chunks: [compressed(write('z1'))] }, '0'],
      ['a compressed frame with grpc-encoding identity', { headers: { 'grpc-encoding': 'identity' }, chunks: [compressed(write('z2'))] }, '0'],
    ];
    for (const [what, raw, grpcJsStatus] of cases) {
      const [mine, theirs] = await both(raw);
      expect(theirs.headers['grpc-status'] ?? theirs.trailers?.['grpc-status'], `grpc-js: ${what}`).toBe(grpcJsStatus);
      expect(mine.headers['grpc-status'], what).toBe('13');
    }
    // None of them was committed here.
    for (const id of ['t2', 'z1', 'z2']) {
      const read = await call(own, { path: '/google.firestore.v1.Firestore/GetDocument', chunks: [frame(getRequest.encode({ name: `${ROOT}/unary/${id}` }))] });
      expect(read.headers['grpc-status'], id).toBe('5');
    }
    // A gzip-compressed request (grpc-encoding gzip) is grpc-js's to decompress, and commits.
    const gzipped = frame(gzipSync(write('gz')));
    gzipped[0] = 1;
    const [mine] = await both({ headers: { 'grpc-encoding': 'gzip' }, chunks: [gzipped] });
    expect(mine.trailers?.['grpc-status']).toBe('0');
  });

  it('answers a wrong content type as grpc-js does (415, left to it)', async () => {
    const [mine, theirs] = await both({ headers: { 'content-type': 'text/plain' }, chunks: [frame(write('ct'))] });
    expect(mine).toEqual(theirs);
    expect(mine.headers[':status']).toBe(415);
  });

  it('refuses what the rules deny with the same status and message', async () => {
    for (const emulator of [own, grpcJs]) emulator.setRules("rules_version = '2';\nservice cloud.firestore { match /databases/{db}/documents { match /{doc=**} { allow read, write: if false; } } }");
    try {
      const [mine, theirs] = await both({ headers: { authorization: userToken('alice') }, chunks: [frame(write('denied'))] });
      expect(mine).toEqual(theirs);
      expect(mine.headers['grpc-status']).toBe('7');
    } finally {
      for (const emulator of [own, grpcJs]) emulator.setRules("rules_version = '2';\nservice cloud.firestore { match /databases/{db}/documents { match /{doc=**} { allow read, write: if true; } } }");
    }
  });

  it('ends a call whose deadline or request timeout passes before the request is in, as grpc-js does', async () => {
    const partial = [frame(write('slow')).subarray(0, 8)];
    const [byDeadline, byDeadlineJs] = await both({ headers: { 'grpc-timeout': '100m' }, chunks: partial, end: false });
    expect(byDeadline).toEqual(byDeadlineJs);
    expect(byDeadline.headers).toMatchObject({ 'grpc-status': '4', 'grpc-message': 'Deadline%20exceeded' });
    const [byTimeout, byTimeoutJs] = await both({ chunks: partial, end: false });
    expect(byTimeout).toEqual(byTimeoutJs);
    expect(byTimeout.headers).toMatchObject({ 'grpc-status': '4', 'grpc-message': expect.stringContaining(`${REQUEST_MS}%20ms`) });
  });
});

describe('without the grpc-js internals it relies on', () => {
  it('changes nothing and says so (every call then stays on grpc-js)', () => {
    const pick = () => undefined;
    const serve = () => {};
    expect(takeStreamsFirst({} as never, { pick, serve })).toBe(false);
    expect(takeStreamsFirst({ http2Servers: new Map(), onStreamOpened: () => {} } as never, { pick, serve })).toBe(false);
  });
});
