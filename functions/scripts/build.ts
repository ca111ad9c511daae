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

export async function buildFunctions(outfile = join(functionsDir, 'lib/index.js')): Promise<void> {
  const pkg = JSON.parse(readFileSync(join(functionsDir, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
  await build({
    entryPoints: [join(functionsDir, 'src/index.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    // Subpath imports (`firebase-functions/v2/https`) are external through their package name.
    external: Object.keys(pkg.dependencies).flatMap((name) => [name, `${name}/*`]),
    alias: { '@encore/model': join(functionsDir, '../model/src/index.ts') },
    logLevel: 'warning',
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await buildFunctions();
}
