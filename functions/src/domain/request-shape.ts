/**
 * Whether a parsed JSON value nests deeper than `maxDepth` (a scalar is depth 0, `[1]` and
 * `{"a":1}` depth 1). Walks with its own stack, never recursion, so a body nested 100,000 deep
 * is measured without overflowing; stops at the first branch past the limit.
 */
export function exceedsDepth(value: unknown, maxDepth: number): boolean {
  const pending: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
  while (pending.length > 0) {
    const { value: current, depth } = pending.pop()!;
    if (current === null || typeof current !== 'object') continue;
    if (depth + 1 > maxDepth) return true;
    const children = Array.isArray(current) ? current : Object.values(current);
    for (const child of children) if (child !== null && typeof child === 'object') pending.push({ value: child, depth: depth + 1 });
  }
  return false;
}
