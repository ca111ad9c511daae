// @vitest-environment node
/**
 * How load-data-sdk.ts has zod evaluated ahead of the model's schemas (src/app/zod-ready.ts):
 * built the app's way (zod in a chunk of its own, `z` used by the schemas, and zod loaded
 * ahead of them), zod's locales and the rest of what the app never uses stay out of the
 * bundle, and zod still works. Beside it, the same entry with `import('zod')`, which kept them.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Rollup } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';

// Inside the workspace, so that `zod` resolves from its node_modules as it does for the app.
const cache = join(__dirname, '../node_modules/.cache');
mkdirSync(cache, { recursive: true });
const root = mkdtempSync(join(cache, 'zod-build-'));
const zodReady = join(__dirname, '../src/app/zod-ready.ts');
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** The build of an entry that loads zod ahead with `load`: all chunks' code together, and the entry's path. */
async function built(name: string, load: string): Promise<{ code: string; entry: string }> {
  const dir = join(root, name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'entry.js'), `import { z } from 'zod';\nexport const load = () => ${load};\nexport const message = () => z.string().safeParse(1).error.issues[0].message;\n`);
  const output = (await build({
    root: dir,
    configFile: false,
    logLevel: 'silent',
    build: {
      outDir: join(dir, 'out'),
      minify: true,
      lib: { entry: join(dir, 'entry.js'), formats: ['es'], fileName: 'entry' },
      // zod in a chunk of its own, as vite.config.ts groups it.
      rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'zod', test: /node_modules[\\/]zod[\\/]/ }] } } },
    },
  })) as Rollup.RollupOutput[];
  const code = output[0]!.output.map((item) => (item.type === 'chunk' ? item.code : '')).join('\n');
  return { code, entry: join(dir, 'out', 'entry.js') };
}

describe('zod-ready', () => {
  it("keeps zod's locales and unused tools out of the build, where import('zod') kept them, and zod still works", async () => {
    const whole = await built('whole', "import('zod')");
    const ready = await built('ready', `import(${JSON.stringify(zodReady)})`);
    // German and Polish, two of zod's ~50 locales.
    for (const text of ['Ungültige', 'Nieprawidłow']) {
      expect(whole.code).toContain(text);
      expect(ready.code).not.toContain(text);
    }
    // Minified, the app's zod chunk went from 386 KB to 94 KB.
    expect(ready.code.length).toBeLessThan(whole.code.length * 0.4);
    const { message, load } = (await import(pathToFileURL(ready.entry).href)) as { message(): string; load(): Promise<{ zodReady: boolean }> };
    expect(message()).toBe('Invalid input: expected string, received number');
    expect((await load()).zodReady).toBe(true);
  }, 60_000);
});
