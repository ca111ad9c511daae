/**
 * The callable guard (issue 39): a body nested past MAX_CALL_DEPTH gets the SDK's own 400
 * INVALID_ARGUMENT without the SDK ever seeing (and logging) it; an honest request still
 * reaches the handler through the SDK. Driven with express-like requests, as the functions
 * framework hands them over.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MAX_CALL_DEPTH, onCall } from './bounded-call.js';

function nested(depth: number): unknown {
  let value: unknown = [];
  for (let level = 1; level < depth; level += 1) value = [value];
  return value;
}

function request(body: unknown) {
  const headers: Record<string, string> = { 'content-type': 'application/json', origin: 'https://encore.example' };
  return { method: 'POST', body, headers, url: '/', header: (name: string) => headers[name.toLowerCase()], get: (name: string) => headers[name.toLowerCase()] };
}

/** Collects what the function answers; resolves once it has sent its body. */
function response() {
  let done!: () => void;
  const finished = new Promise<void>((resolve) => (done = resolve));
  const answer = { status: 0, headers: {} as Record<string, string>, body: undefined as unknown, finished };
  const res = {
    statusCode: 200,
    status(code: number) {
      answer.status = code;
      this.statusCode = code;
      return this;
    },
    set(fields: Record<string, string> | string, value?: string) {
      Object.assign(answer.headers, typeof fields === 'string' ? { [fields]: value } : fields);
      return this;
    },
    setHeader(name: string, value: string) {
      answer.headers[name] = value;
    },
    getHeader: (name: string) => answer.headers[name],
    end() {
      done();
    },
    json(body: unknown) {
      answer.status ||= this.statusCode;
      answer.body = body;
      done();
      return this;
    },
    send(body: unknown) {
      return this.json(body);
    },
    on: () => res,
  };
  return { res, answer };
}

describe('callables through bounded-call', () => {
  afterEach(() => vi.restoreAllMocks());

  it('refuse a body nested 100,000 deep with 400 INVALID_ARGUMENT, never running the handler nor logging', async () => {
    const handler = vi.fn(() => 'ran');
    const callable = onCall({}, handler);
    const logged = [vi.spyOn(console, 'error'), vi.spyOn(console, 'warn'), vi.spyOn(console, 'log')];
    const { res, answer } = response();
    await callable(request({ dat: nested(100_000) }) as never, res as never);
    await answer.finished;
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ error: { message: 'Bad Request', status: 'INVALID_ARGUMENT' } });
    expect(answer.headers['Access-Control-Allow-Origin']).toBe('https://encore.example');
    expect(handler).not.toHaveBeenCalled();
    for (const spy of logged) expect(spy).not.toHaveBeenCalled();
  });

  it(`let a request at MAX_CALL_DEPTH (${MAX_CALL_DEPTH}) through the SDK to the handler, which answers it`, async () => {
    const callable = onCall({}, (call) => ({ echoed: call.data }));
    const data = { rows: nested(MAX_CALL_DEPTH - 2) };
    const { res, answer } = response();
    await callable(request({ data }) as never, res as never);
    await answer.finished;
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ result: { echoed: data } });
  });

  it('keep the deploy manifest entry of the SDK function (a callable trigger)', () => {
    const callable = onCall({ region: 'europe-west1' }, () => null);
    expect(callable.__endpoint.callableTrigger).toBeDefined();
    expect(callable.__endpoint.region).toEqual(['europe-west1']);
  });
});
