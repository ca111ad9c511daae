/**
 * RE2 regular expressions, as `matches`, `replace` and `split` take them. We use re2js, a
 * port of RE2 itself, so syntax (`(?i)`, `\pL`, `[[:alpha:]]`, no backreferences or
 * lookaround) and linear-time matching behave as in production. Compiled patterns are
 * cached: rules reuse a handful of literal patterns across every request.
 */
import { RE2JS } from 're2js';
import { RulesEvaluationError } from '../errors.js';

const cache = new Map<string, RE2JS>();
const CACHE_LIMIT = 500;

export function compileRegex(pattern: string): RE2JS {
  let compiled = cache.get(pattern);
  if (!compiled) {
    try {
      compiled = RE2JS.compile(pattern);
    } catch (error) {
      throw new RulesEvaluationError(`Invalid regular expression '${pattern}': ${(error as Error).message}`);
    }
    if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
    cache.set(pattern, compiled);
  }
  return compiled;
}

/** Whole-string match, as `string.matches(re)` is documented. */
export function fullMatch(pattern: string, input: string): boolean {
  return compileRegex(pattern).matches(input);
}

/** Every match replaced; `$1`/`$&`-style references in `replacement` as in JavaScript. */
export function replaceAll(pattern: string, input: string, replacement: string): string {
  return compileRegex(pattern).matcher(input).replaceAll(replacement);
}

/** Splits around every match, keeping empty strings at both ends ('a/'.split('/') is ['a', '']). */
export function split(pattern: string, input: string): string[] {
  return compileRegex(pattern).split(input, -1);
}
