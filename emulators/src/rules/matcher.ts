/**
 * Matches a request path against nested `match` blocks. A block applies when its path,
 * appended to its ancestors', consumes the whole request path; every applying block's
 * allow statements are candidates, and any one of them allowing the request suffices.
 *
 * List requests do not name a document, so their paths may hold placeholders: an unknown
 * document id (matched by `{wildcard}` only, bound to Unknown) and, for collection-group
 * queries, an unknown parent prefix (matched by `{name=**}` only).
 */
import type { MatchBlock, MatchSegment } from './ast.js';
import { RulesPath, Unknown, type Value } from './values.js';

export const UNKNOWN_ID = Symbol('unknown document id');
export const UNKNOWN_PREFIX = Symbol('unknown parent path');
export type RequestSegment = string | typeof UNKNOWN_ID | typeof UNKNOWN_PREFIX;

/** One block on the way to a matching leaf, with the wildcards its own path bound. */
export interface MatchedLevel {
  block: MatchBlock;
  bindings: Map<string, Value>;
}

/** Every chain of blocks (outermost first) whose combined path equals the request path. */
export function findMatches(blocks: readonly MatchBlock[], path: readonly RequestSegment[], rulesVersion: '1' | '2'): MatchedLevel[][] {
  const results: MatchedLevel[][] = [];
  const visit = (candidates: readonly MatchBlock[], start: number, chain: MatchedLevel[]) => {
    for (const block of candidates) {
      for (const { end, bindings } of matchSegments(block.segments, path, start, rulesVersion)) {
        const next = [...chain, { block, bindings }];
        if (end === path.length) results.push(next);
        visit(block.matches, end, next);
      }
    }
  };
  visit(blocks, 0, []);
  return results;
}

function* matchSegments(
  pattern: readonly MatchSegment[],
  path: readonly RequestSegment[],
  start: number,
  rulesVersion: '1' | '2',
  index = 0,
  bindings: Map<string, Value> = new Map(),
): Generator<{ end: number; bindings: Map<string, Value> }> {
  if (index === pattern.length) {
    yield { end: start, bindings };
    return;
  }
  const segment = pattern[index]!;
  const actual = path[start];
  if (segment.kind === 'recursive') {
    // rules_version 2: zero or more segments; version 1: one or more.
    for (let end = rulesVersion === '2' ? start : start + 1; end <= path.length; end++) {
      const consumed = path.slice(start, end);
      const value: Value = consumed.every((s) => typeof s === 'string')
        ? new RulesPath(consumed as string[])
        : new Unknown(`wildcard ${segment.name}`);
      yield* matchSegments(pattern, path, end, rulesVersion, index + 1, new Map(bindings).set(segment.name, value));
    }
    return;
  }
  if (actual === undefined || actual === UNKNOWN_PREFIX) return;
  if (segment.kind === 'literal') {
    if (actual !== segment.text) return;
    yield* matchSegments(pattern, path, start + 1, rulesVersion, index + 1, bindings);
    return;
  }
  const value: Value = actual === UNKNOWN_ID ? new Unknown(`wildcard ${segment.name}`) : actual;
  yield* matchSegments(pattern, path, start + 1, rulesVersion, index + 1, new Map(bindings).set(segment.name, value));
}
