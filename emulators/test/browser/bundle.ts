/**
 * Bundles a test entry for the browser with esbuild. `platform: 'browser'` makes the
 * firebase packages resolve to their browser builds (fetch streams, WebChannel), exactly
 * what a deployed web app ships.
 */
import { build } from 'esbuild';

export async function bundleForBrowser(entry: string): Promise<string> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    platform: 'browser',
    format: 'esm',
    target: 'es2022',
    write: false,
    sourcemap: 'inline',
    logLevel: 'silent',
  });
  const output = result.outputFiles[0];
  if (output === undefined) throw new Error(`esbuild produced no output for ${entry}`);
  return output.text;
}
