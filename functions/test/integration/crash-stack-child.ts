/**
 * Encore's backend with a data folder in a process of its own, for the pipeline fault test
 * (crash-pipeline.test.ts): `node --import tsx crash-stack-child.ts <config JSON>`. Prints
 * `{"ready": {...hosts}}` once it serves; the runner prints one JSON line per function
 * attempt on the same stdout (the test waits on them); SIGKILL is the crash.
 */
import { startStack } from '@encore/emulators/stack';

interface ChildConfig {
  projectId: string;
  functionsModule: string;
  functionsDir: string;
  dataDir: string;
  indexesPath: string;
  /** Arm the cron schedules (the minute's live-marks sweep); off by default. */
  schedules?: boolean;
}

const config = JSON.parse(process.argv[2] ?? '{}') as ChildConfig;
const stack = await startStack({
  projectId: config.projectId,
  functions: config.functionsModule,
  functionsDir: config.functionsDir,
  dataDir: config.dataDir,
  ports: 'free',
  setEnv: false,
  indexes: { path: config.indexesPath, strict: true },
  runner: { schedules: config.schedules === true },
});
process.stdout.write(`${JSON.stringify({ ready: stack.hosts })}\n`);
process.once('SIGTERM', () => {
  void stack.stop().then(() => process.exit(0));
});
