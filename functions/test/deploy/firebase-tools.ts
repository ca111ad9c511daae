/**
 * What firebase-tools itself decides about the functions' runtime, read from its own
 * modules (deploy/functions/runtimes/): its table of runtimes with their deprecation and
 * decommission dates, how it chooses the runtime (firebase.json's `runtime`, else
 * `nodejs${engines.node}` from package.json), and the check `firebase deploy` runs on it.
 * firebase-tools ships no type declarations for these, hence the shapes below.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

export interface RuntimeSupport {
  friendly: string;
  status: string;
  /** `2028-04-30` */
  deprecationDate: string;
  decommissionDate: string;
}

interface FirebaseTools {
  RUNTIMES: Record<string, RuntimeSupport>;
  getRuntimeChoice(sourceDir: string, runtimeFromConfig?: string): string;
  /** Throws once the runtime is decommissioned; logs a warning from 90 days before its deprecation. */
  guardVersionSupport(runtime: string, now?: Date): void;
}

const require = createRequire(import.meta.url);
const runtimes = 'firebase-tools/lib/deploy/functions/runtimes';
const supported = require(`${runtimes}/supported/index.js`) as Pick<FirebaseTools, 'RUNTIMES' | 'guardVersionSupport'>;
const choice = require(`${runtimes}/node/parseRuntimeAndValidateSDK.js`) as Pick<FirebaseTools, 'getRuntimeChoice'>;

export const firebaseTools: FirebaseTools = {
  RUNTIMES: supported.RUNTIMES,
  getRuntimeChoice: choice.getRuntimeChoice,
  guardVersionSupport: supported.guardVersionSupport,
};

/** The (only) functions codebase in the repo's firebase.json. */
export function functionsConfig(): { source: string; runtime: string } {
  const firebaseJson = JSON.parse(readFileSync(fileURLToPath(new URL('../../../firebase.json', import.meta.url)), 'utf8')) as {
    functions: Array<{ source: string; runtime: string }>;
  };
  return firebaseJson.functions[0]!;
}
