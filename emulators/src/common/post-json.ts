/**
 * POSTs a JSON body over plain HTTP (or HTTPS) on kept-alive connections and reads the
 * whole answer. The emulators' own hops (Pub/Sub push to the runner, the runner to its
 * worker) carry one small request per message; `fetch` (undici, web streams) costs several
 * times the CPU of `http.request` for that, and on a 2-core machine that CPU is the stack's
 * throughput (favourites on one set: about 4.7 -> 2.6 ms of the emulators' CPU each).
 *
 * Idle connections are closed after IDLE_MS, well before Node servers' default keep-alive
 * timeout (5 s), and a request that fails with ECONNRESET on a reused connection (the
 * server closed it as the request left: the documented keep-alive race) is sent once more
 * on a new one.
 */
import { Agent, request, type ClientRequest } from 'node:http';
import { Agent as TlsAgent, request as tlsRequest } from 'node:https';

const IDLE_MS = 2_000;
const agent = new Agent({ keepAlive: true, maxSockets: Infinity, timeout: IDLE_MS });
const tlsAgent = new TlsAgent({ keepAlive: true, maxSockets: Infinity, timeout: IDLE_MS });

export interface JsonAnswer {
  status: number;
  body: string;
}

export interface PostOptions {
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

export async function postJson(url: string, json: string, options: PostOptions = {}): Promise<JsonAnswer> {
  try {
    return await postOnce(url, json, options);
  } catch (error) {
    if (!(error instanceof ReusedConnectionReset)) throw error;
    return postOnce(url, json, options);
  }
}

class ReusedConnectionReset extends Error {}

function postOnce(url: string, json: string, options: PostOptions): Promise<JsonAnswer> {
  return new Promise((resolve, reject) => {
    const secure = url.startsWith('https:');
    const req: ClientRequest = (secure ? tlsRequest : request)(
      url,
      {
        method: 'POST',
        agent: secure ? tlsAgent : agent,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(json), ...options.headers },
        ...(options.signal ? { signal: options.signal } : {}),
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) => {
      reject(error.code === 'ECONNRESET' && req.reusedSocket ? new ReusedConnectionReset(error.message) : error);
    });
    req.end(json);
  });
}
