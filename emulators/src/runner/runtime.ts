/**
 * Which Cloud Functions runtime the functions deploy to, read the way firebase-tools reads
 * it (deploy/functions/runtimes/node/parseRuntimeAndValidateSDK.js): the `runtime` of the
 * codebase in firebase.json wins; without one, `engines.node` of the functions'
 * package.json as `nodejs${engines.node}`. firebase.json is the one source of truth the
 * runner follows, so the functions run locally on the Node major they run on in production.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

export interface FunctionsRuntime {
  /** `nodejs24` */
  id: string;
  /** 24 */
  major: number;
  /** Where it was read: `firebase.json`, `package.json engines`, or `runner option`. */
  source: string;
}

interface FunctionsConfig {
  source?: string;
  runtime?: string;
}

const NODE_RUNTIME = /^nodejs(\d+)$/;

export class RuntimeConfigError extends Error {
  override name = 'RuntimeConfigError';
}

/** A runtime id as firebase-tools names them (`nodejs24`); anything else is refused. */
export function parseRuntime(id: string, source: string): FunctionsRuntime {
  const match = NODE_RUNTIME.exec(id);
  if (!match) throw new RuntimeConfigError(`${source}: "${id}" is not a Node.js runtime (expected nodejs<major>, e.g. nodejs24)`);
  return { id, major: Number(match[1]), source };
}

/**
 * The runtime of the functions in `functionsDir`: from the nearest firebase.json above it
 * whose functions codebase has that folder as its `source`, else from the folder's
 * package.json `engines.node` when it names a bare major (as firebase-tools requires), else
 * null (nothing configured: the runner then uses the Node it runs on).
 */
export function functionsRuntime(functionsDir: string): FunctionsRuntime | null {
  const config = findFirebaseJson(functionsDir);
  if (config) {
    const codebase = codebases(config.json).find((entry) => resolve(dirname(config.path), entry.source ?? 'functions') === resolve(functionsDir));
    if (codebase?.runtime) return parseRuntime(codebase.runtime, config.path);
  }
  const packageJson = join(functionsDir, 'package.json');
  if (!existsSync(packageJson)) return null;
  const engine = (JSON.parse(readFileSync(packageJson, 'utf8')) as { engines?: { node?: unknown } }).engines?.node;
  // firebase-tools reads engines.node only as a bare major; a range is no runtime to it.
  return typeof engine === 'string' && /^\d+$/.test(engine) ? parseRuntime(`nodejs${engine}`, `${packageJson} engines`) : null;
}

function findFirebaseJson(from: string): { path: string; json: unknown } | null {
  for (let dir = resolve(from); ; dir = dirname(dir)) {
    const path = join(dir, 'firebase.json');
    if (existsSync(path)) return { path, json: JSON.parse(readFileSync(path, 'utf8')) as unknown };
    if (dirname(dir) === dir) return null;
  }
}

/** firebase.json's `functions` is one codebase (an object) or several (an array). */
function codebases(json: unknown): FunctionsConfig[] {
  const functions = (json as { functions?: unknown } | null)?.functions;
  if (Array.isArray(functions)) return functions as FunctionsConfig[];
  return typeof functions === 'object' && functions !== null ? [functions as FunctionsConfig] : [];
}
