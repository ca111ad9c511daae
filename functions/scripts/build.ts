/**
 * The deployable build: `lib/index.js`, one ESM file that `firebase deploy` loads.
 * @encore/model (a workspace package, not on npm) is bundled in from its sources;
 * every runtime dependency stays external and is installed from package.json.
 * Type-checking is tsc's job (`tsc -b`), not this script's.
 */
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const functionsDir = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The Node major the functions deploy on (firebase.json `functions[].runtime`, e.g. `nodejs24`): esbuild's target. */
function deployedNodeTarget(): string {
  const firebase = JSON.parse(readFileSync(join(functionsDir, '../firebase.json'), 'utf8')) as { functions?: Array<{ source?: string; runtime?: string }> };
  const runtime = firebase.functions?.find((entry) => entry.source === 'functions')?.runtime;
  const major = /^nodejs(\d+)$/.exec(runtime ?? '')?.[1];
  if (!major) throw new Error(`firebase.json names no nodejs runtime for the functions (found ${String(runtime)})`);
  return `node${major}`;
}

export async function buildFunctions(outfile = join(functionsDir, 'lib/index.js')): Promise<void> {
  const pkg = JSON.parse(readFileSync(join(functionsDir, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
  await build({
    entryPoints: [join(functionsDir, 'src/index.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: deployedNodeTarget(),
    sourcemap: true,
    // Subpath imports (`firebase-functions/v2/https`) are external through their package name.
    external: Object.keys(pkg.dependencies).flatMap((name) => [name, `${name}/*`]),
    // esbuild maps `@encore/model/x` through the `@encore/model` alias too: each subpath is named.
    alias: {
      '@encore/model/calendar': join(functionsDir, '../model/src/calendar/index.ts'),
      '@encore/model': join(functionsDir, '../model/src/index.ts'),
    },
    logLevel: 'warning',
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await buildFunctions();
}
