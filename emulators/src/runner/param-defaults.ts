/**
 * Parameterized configuration (`defineString`, `defineInt`...): the Firebase CLI resolves
 * every declared param before it runs functions (from `.env` files, else the default) and
 * puts the values in the environment, where `param.value()` reads them. The worker does
 * the same right after importing the module, when all params are declared.
 */

interface DeclaredParam {
  name: string;
  options?: { default?: unknown };
}

interface ParamsModule {
  declaredParams: DeclaredParam[];
}

/** Sets `process.env[name]` for declared params that have no value yet; returns the names still unset (secrets without `.secret.local`). */
export function applyParamDefaults(params: ParamsModule): string[] {
  const missing: string[] = [];
  for (const param of params.declaredParams) {
    if (process.env[param.name] !== undefined) continue;
    const fallback = param.options?.default;
    if (fallback === undefined) {
      missing.push(param.name);
      continue;
    }
    const value = hasValue(fallback) ? fallback.value() : fallback;
    // ListParam reads its value as JSON; the others as plain strings.
    process.env[param.name] = Array.isArray(value) ? JSON.stringify(value) : String(value);
  }
  return missing;
}

function hasValue(expression: unknown): expression is { value(): unknown } {
  return typeof expression === 'object' && expression !== null && typeof (expression as { value?: unknown }).value === 'function';
}
