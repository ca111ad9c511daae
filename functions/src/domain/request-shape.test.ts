import { describe, expect, it } from 'vitest';
import { exceedsDepth } from './request-shape.js';

/** `[[...[]...]]` nested `depth` deep, built without recursion. */
function nested(depth: number): unknown {
  let value: unknown = [];
  for (let level = 1; level < depth; level += 1) value = [value];
  return value;
}

describe('exceedsDepth', () => {
  it('counts a scalar as depth 0 and each array or object level as one', () => {
    expect(exceedsDepth('text', 0)).toBe(false);
    expect(exceedsDepth({ a: 1 }, 0)).toBe(true);
    expect(exceedsDepth({ a: 1 }, 1)).toBe(false);
    expect(exceedsDepth({ data: { rows: [{ name: 'x' }] } }, 4)).toBe(false);
    expect(exceedsDepth({ data: { rows: [{ name: 'x' }] } }, 3)).toBe(true);
  });

  it('finds the one deep branch among shallow ones (object, list, object, then 10 lists: 13)', () => {
    expect(exceedsDepth({ data: [1, 2, { deep: nested(10) }, 'x'] }, 13)).toBe(false);
    expect(exceedsDepth({ data: [1, 2, { deep: nested(10) }, 'x'] }, 12)).toBe(true);
  });

  it('measures a value nested 100,000 deep without overflowing the stack', () => {
    expect(exceedsDepth({ data: nested(100_000) }, 32)).toBe(true);
  });
});
