import { createServer } from 'node:net';

/**
 * A port that was free a moment ago, for servers we cannot ask to bind port 0 (the
 * Firebase CLI's emulators take fixed ports from their config).
 */
export function findFreePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, host, () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
