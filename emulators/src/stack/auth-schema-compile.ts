/**
 * Makes the Auth emulator start in about 2 s of CPU instead of about 10. Its app (firebase-tools
 * `createApp`) compiles the Identity Toolkit API's request validators with exegesis, which makes
 * one new Ajv instance per parameter, and every new instance first compiles the JSON Schema
 * meta-schema to check the schema it is given: 8 of the 10 s, spent checking the same fixed
 * schemas of the installed firebase-tools against the meta-schema hundreds of times.
 *
 * Only that self-check is skipped (Ajv's `validateSchema: false`): the validators are compiled
 * from the same schemas with the same options and check every request exactly as before (the
 * emulators' Auth tests run against them). Call it before firebase-tools' Auth server module is
 * first required, in the thread that requires it.
 */
import { createRequire } from 'node:module';

type AjvModule = { default: new (options?: Record<string, unknown>) => object };

export function skipAuthSchemaSelfChecks(): void {
  const fromHere = createRequire(import.meta.url);
  const fromTools = createRequire(fromHere.resolve('firebase-tools/package.json'));
  // The Ajv that exegesis itself requires (a copy of its own when versions differ).
  const fromExegesis = createRequire(fromTools.resolve('exegesis/package.json'));
  const ajvPath = fromExegesis.resolve('ajv');
  const ajv = fromExegesis('ajv') as AjvModule;
  const cached = fromExegesis.cache[ajvPath];
  if (!cached) return;
  const Ajv = ajv.default;
  class AjvWithoutSelfCheck extends Ajv {
    constructor(options: Record<string, unknown> = {}) {
      super({ ...options, validateSchema: false });
    }
  }
  // exegesis reads `require('ajv').default` (its compiled `__importDefault`); the module's other
  // exports are getters, so the module object stays as it is behind a proxy.
  cached.exports = new Proxy(ajv, { get: (target, property, receiver) => (property === 'default' ? AjvWithoutSelfCheck : Reflect.get(target, property, receiver)) });
}
