/**
 * A stack with a data folder in its own process, for the fault tests (child-stack.ts starts
 * it): `node --import tsx stack-child.ts <config JSON>`. Prints one JSON line
 * `{"ready": {...hosts}}` once it serves; SIGTERM stops it cleanly, SIGKILL is the crash.
 */
import { startStack, type StackOptions } from '../../src/stack/stack.js';

const options = JSON.parse(process.argv[2] ?? '{}') as StackOptions;
const stack = await startStack({ ...options, functions: null, ports: 'free', setEnv: false });
process.stdout.write(`${JSON.stringify({ ready: { ...stack.hosts, projectId: stack.projectId } })}\n`);
process.once('SIGTERM', () => {
  void stack.stop().then(() => process.exit(0));
});
