/**
 * Firestore trigger document patterns: `users/{uid}`, `festivals/{f}/photos/{photoId}`,
 * `logs/{rest=**}`. firebase-functions extracts params without checking that the path
 * matches (its PathPattern.extractMatches trusts the router), so the runner routes here.
 */

type Segment = { kind: 'literal'; value: string } | { kind: 'single'; name: string } | { kind: 'multi'; name: string };

export class DocumentPattern {
  private readonly segments: Segment[];
  private readonly fixedLength: boolean;

  constructor(readonly raw: string) {
    this.segments = trimSlashes(raw).split('/').map(parseSegment);
    this.fixedLength = this.segments.every((segment) => segment.kind !== 'multi');
  }

  /** The captured params when `path` matches, otherwise null. A `{x=**}` captures one or more segments. */
  match(path: string): Record<string, string> | null {
    const parts = trimSlashes(path).split('/');
    // Every document write is matched against every Firestore trigger: without `{x=**}` a
    // path of another length, or another literal, is refused in one pass without allocating.
    if (this.fixedLength) return matchFixed(this.segments, parts);
    return matchFrom(this.segments, parts, {});
  }
}

function matchFixed(pattern: Segment[], path: string[]): Record<string, string> | null {
  if (path.length !== pattern.length) return null;
  for (let i = 0; i < pattern.length; i++) {
    const head = pattern[i]!;
    if (path[i] === '' || (head.kind === 'literal' && head.value !== path[i])) return null;
  }
  const params: Record<string, string> = {};
  pattern.forEach((head, i) => {
    if (head.kind === 'single') params[head.name] = path[i]!;
  });
  return params;
}

function parseSegment(segment: string): Segment {
  const capture = /^\{([^}=]+)(=\*\*)?\}$/.exec(segment);
  if (!capture) return { kind: 'literal', value: segment };
  return capture[2] ? { kind: 'multi', name: capture[1]! } : { kind: 'single', name: capture[1]! };
}

function matchFrom(pattern: Segment[], path: string[], params: Record<string, string>): Record<string, string> | null {
  const [head, ...rest] = pattern;
  if (head === undefined) return path.length === 0 ? params : null;
  if (head.kind === 'multi') {
    // Try the longest capture first; at least one segment must be captured.
    for (let take = path.length - rest.length; take >= 1; take--) {
      const found = matchFrom(rest, path.slice(take), { ...params, [head.name]: path.slice(0, take).join('/') });
      if (found) return found;
    }
    return null;
  }
  const [segment, ...remaining] = path;
  if (segment === undefined || segment === '') return null;
  if (head.kind === 'literal' && head.value !== segment) return null;
  return matchFrom(rest, remaining, head.kind === 'single' ? { ...params, [head.name]: segment } : params);
}

function trimSlashes(path: string): string {
  return path.replace(/^\/+|\/+$/g, '');
}
