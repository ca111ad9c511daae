/** `items` in consecutive slices of at most `size`, in order (an `in` filter's values, a batch's people). */
export function chunks<T>(items: readonly T[], size: number): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += size) result.push(items.slice(start, start + size));
  return result;
}
