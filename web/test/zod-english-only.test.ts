// @vitest-environment node
/**
 * The production build's zod (vite/zod-english-only.ts): English error messages only, every
 * other locale left out, and zod still working. Builds a small entry that uses zod as the app
 * does, with and without the plugin.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin, type Rollup } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';
import { zodEnglishOnly } from '../vite/zod-english-only';

// Inside the workspace, so that `zod` resolves from its node_modules as it does for the app.
const cache = join(__dirname, '../node_modules/.cache');
mkdirSync(cache, { recursive: true });
const root = mkdtempSync(join(cache, 'zod-build-'));
// As the app uses it: `z` in the model's schemas, and the whole module imported ahead of them
// (src/app/load-data-sdk.ts), which keeps every export of zod, `z.locales` among them.
writeFileSync(join(root, 'entry.js'), "import { z } from 'zod';\nexport const load = () => import('zod');\nexport const message = () => z.string().safeParse(1).error.issues[0].message;\n");
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** The build's JavaScript, all chunks together, and the path of its entry. */
async function built(name: string, plugins: Plugin[]): Promise<{ code: string; entry: string }> {
  const outDir = join(root, name);
  const output = (await build({
    root,
    configFile: false,
    logLevel: 'silent',
    plugins,
    build: {
      outDir,
      minify: true,
      lib: { entry: join(root, 'entry.js'), formats: ['es'], fileName: 'entry' },
      // zod in a chunk of its own, as vite.config.ts groups it.
      rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'zod', test: /node_modules[\\/]zod[\\/]/ }] } } },
    },
  })) as Rollup.RollupOutput[];
  const code = output[0]!.output.map((item) => (item.type === 'chunk' ? item.code : '')).join('\n');
  return { code, entry: join(outDir, 'entry.js') };
}

describe('zodEnglishOnly', () => {
  it("leaves zod's other locales out of the build and keeps its English messages", async () => {
    const plain = await built('plain', []);
    const english = await built('english', [zodEnglishOnly()]);
    // German and Polish, two of zod's ~50 locales: in the plain build, in none with the plugin.
    expect(plain.code).toContain('Ungültige');
    expect(plain.code).toContain('Nieprawidłow');
    expect(english.code).not.toContain('Ungültige');
    expect(english.code).not.toContain('Nieprawidłow');
    // Minified, the app's zod chunk went from 386 KB to 195 KB.
    expect(english.code.length).toBeLessThan(plain.code.length * 0.6);
    const { message, load } = (await import(pathToFileURL(english.entry).href)) as { message(): string; load(): Promise<{ locales: object }> };
    expect(message()).toBe('Invalid input: expected string, received number');
    expect(Object.keys((await load()).locales)).toEqual(['en']);
  }, 60_000);
});
