/**
 * `npm run bench -- firestore-unary`: the Firestore emulator's CPU per unary gRPC call, its own
 * unary path (transport/grpc-unary.ts) against grpc-js's, in turns on the same machine. A
 * client in a process of its own sends Commits of one small document each (as the favourites
 * bench's visitors do: gRPC framed by hand over one HTTP/2 session, 50 in flight); the figure
 * is the emulator process's CPU (user + system) over the burst, per Commit. Each path runs
 * ROUNDS bursts, alternating, and the median is printed with every round's figure and the load.
 */
import { fork } from 'node:child_process';
import { connect } from 'node:http2';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';

const COMMITS = Number(process.env.BENCH_COMMITS ?? 20_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const IN_FLIGHT = 50;
const PROJECT = 'demo-bench-unary';
const DATABASE = `projects/${PROJECT}/databases/(default)`;

type Order = { port: number; count: number; prefix: string };

if (process.env.ENCORE_UNARY_BENCH_CLIENT) await runClient();
else await runBench();

/** The client: writes `count` Commits with IN_FLIGHT in flight, then reports. */
async function runClient(): Promise<void> {
  const { codecFor } = await import('../src/firestore/transport/proto-codec.js');
  const commit = codecFor('google.firestore.v1.CommitRequest');
  process.on('message', (order: Order) => {
    const session = connect(`http://127.0.0.1:${order.port}`);
    let next = 0;
    let done = 0;
    const one = () => {
      if (next >= order.count) return;
      const n = next++;
      const message = commit.encode({ database: DATABASE, writes: [{ update: { name: `${DATABASE}/documents/u/${order.prefix}-${n}/favorites/set`, fields: { performanceId: { stringValue: 'set' } } } }] });
      const frame = Buffer.alloc(5 + message.length);
      frame.writeUInt32BE(message.length, 1);
      message.copy(frame, 5);
      const stream = session.request({ ':method': 'POST', ':path': '/google.firestore.v1.Firestore/Commit', 'content-type': 'application/grpc', te: 'trailers', authorization: 'Bearer owner', 'grpc-timeout': '60S' });
      stream.on('trailers', (trailers) => {
        if (trailers['grpc-status'] === '0') return;
        console.error(`Commit failed: ${JSON.stringify(trailers)}`);
        process.exit(1);
      });
      stream.on('data', () => {});
      stream.on('close', () => {
        done += 1;
        if (done === order.count) {
          session.close();
          process.send!('done');
        } else one();
      });
      stream.end(frame);
    };
    for (let i = 0; i < IN_FLIGHT; i++) one();
  });
  process.send!('ready');
}

async function runBench(): Promise<void> {
  const { startFirestoreEmulator } = await import('../src/firestore/index.js');
  const client = fork(fileURLToPath(import.meta.url), [], { env: { ...process.env, ENCORE_UNARY_BENCH_CLIENT: '1' }, execArgv: process.execArgv });
  await new Promise((resolve) => client.once('message', resolve));
  const burst = (port: number, count: number, prefix: string) =>
    new Promise<void>((resolve, reject) => {
      const failed = () => reject(new Error('the client exited'));
      client.once('exit', failed);
      client.once('message', () => {
        client.off('exit', failed);
        resolve();
      });
      client.send({ port, count, prefix } satisfies Order);
    });
  const figures: Record<'own' | 'grpc-js', number[]> = { own: [], 'grpc-js': [] };
  const loads: string[] = [];
  try {
    for (let round = 0; round < ROUNDS; round++) {
      for (const path of ['grpc-js', 'own'] as const) {
        const emulator = await startFirestoreEmulator({ port: 0, projectId: PROJECT, unaryGrpc: path });
        try {
          await burst(emulator.port, 2000, `warm-${round}`); // connections, JIT
          const before = process.cpuUsage();
          await burst(emulator.port, COMMITS, `r${round}`);
          const spent = process.cpuUsage(before);
          figures[path].push((spent.user + spent.system) / 1000 / COMMITS);
          loads.push(loadavg()[0]!.toFixed(1));
        } finally {
          await emulator.close();
        }
      }
    }
  } finally {
    client.kill();
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const list = (values: number[]) => values.map((value) => value.toFixed(3)).join(', ');
  console.log(`Firestore emulator, CPU per unary gRPC Commit (${COMMITS} a round, ${IN_FLIGHT} in flight, ${ROUNDS} rounds each, alternating; load averages ${loads.join(', ')}):`);
  console.log(`  grpc-js's unary path: median ${median(figures['grpc-js']).toFixed(3)} ms (${list(figures['grpc-js'])})`);
  console.log(`  own unary path:       median ${median(figures.own).toFixed(3)} ms (${list(figures.own)}), ${(median(figures.own) / median(figures['grpc-js'])).toFixed(2)}x grpc-js's`);
}
