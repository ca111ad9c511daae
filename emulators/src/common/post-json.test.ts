import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { postJson } from './post-json.js';

let server: Server | undefined;

async function listen(handler: Parameters<typeof createServer>[1]): Promise<string> {
  server = createServer(handler);
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
}

afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

describe('postJson', () => {
  it('sends the JSON and answers with the status and the whole body, reusing one connection', async () => {
    const connections = new Set<unknown>();
    const url = await listen((req, res) => {
      connections.add(req.socket);
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => res.writeHead(202, { 'content-type': 'application/json' }).end(JSON.stringify({ echo: JSON.parse(body), type: req.headers['content-type'] })));
    });
    const first = await postJson(url, JSON.stringify({ n: 1 }));
    const second = await postJson(url, JSON.stringify({ n: 2 }));
    expect(first).toEqual({ status: 202, body: JSON.stringify({ echo: { n: 1 }, type: 'application/json' }) });
    expect(JSON.parse(second.body)).toMatchObject({ echo: { n: 2 } });
    expect(connections.size).toBe(1);
  });

  it('sends a request again on a new connection when the server drops the kept-alive one it went out on', async () => {
    const seen: Array<{ n: number; socket: unknown }> = [];
    const url = await listen((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        const { n } = JSON.parse(body) as { n: number };
        const reused = seen.some((earlier) => earlier.socket === req.socket);
        seen.push({ n, socket: req.socket });
        // The keep-alive race: the server closes the idle connection as the request arrives on it.
        if (reused) req.socket.destroy();
        else res.end(`ok ${n}`);
      });
    });
    expect(await postJson(url, JSON.stringify({ n: 1 }))).toEqual({ status: 200, body: 'ok 1' });
    expect(await postJson(url, JSON.stringify({ n: 2 }))).toEqual({ status: 200, body: 'ok 2' });
    expect(seen.map(({ n }) => n)).toEqual([1, 2, 2]);
    expect(new Set(seen.map(({ socket }) => socket)).size).toBe(2);
  });

  it('fails when aborted', async () => {
    const url = await listen(() => undefined);
    await expect(postJson(url, '{}', { signal: AbortSignal.timeout(50) })).rejects.toThrow();
  });
});
