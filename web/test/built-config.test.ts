// @vitest-environment node
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readConfig } from '../src/config/read-config';
import { builtConfig, builtConfigSource } from '../vite/built-config';

const BUILD_CONFIG_MODULE = fileURLToPath(new URL('../src/config/build-config.ts', import.meta.url));
const env = { VITE_FIREBASE_PROJECT_ID: 'zomer-fest', VITE_FIREBASE_API_KEY: 'key', VITE_FESTIVAL_ID: 'zomer-2027', VITE_FILES_CDN_ORIGIN: 'https://files.example.org' };

/** The module's exports, evaluated as the browser would evaluate them. */
async function evaluate(source: string): Promise<Record<string, unknown>> {
  return (await import(`data:text/javascript,${encodeURIComponent(source)}`)) as Record<string, unknown>;
}

type Hook = (this: unknown, ...args: unknown[]) => unknown;
const call = (hook: unknown, ...args: unknown[]) => (hook as Hook).call({}, ...args);

describe('builtConfig', () => {
  it('gives build-config.ts the exports readConfig computes from the build environment, as values', async () => {
    const plugin = builtConfig(env);
    call(plugin.buildStart);
    const source = call(plugin.load, BUILD_CONFIG_MODULE) as string;
    const built = await evaluate(source);
    expect(Object.keys(built)).toEqual(['buildConfig']);
    // The same values (JSON leaves out the keys whose value is undefined, which read the same).
    expect(built.buildConfig).toEqual(readConfig(env));
    expect(source).not.toMatch(/readConfig|import/);
  });

  it('leaves every other module alone, build-config.ts with a query included', () => {
    const plugin = builtConfig(env);
    call(plugin.buildStart);
    expect(call(plugin.load, fileURLToPath(new URL('../src/config/firebase-config.ts', import.meta.url)))).toBeNull();
    expect(call(plugin.load, `${BUILD_CONFIG_MODULE}?v=1`)).toEqual(builtConfigSource(env));
  });

  it('stops the build on a value the app would refuse, with readConfig’s message', () => {
    const plugin = builtConfig({ VITE_AUTH_EMULATOR_PORT: 'ninety' });
    expect(() => call(plugin.buildStart)).toThrow('VITE_AUTH_EMULATOR_PORT must be a port number, not "ninety"');
  });
});
