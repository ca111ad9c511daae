import { isAbsolute, relative } from 'node:path';

/** A path as the console shows it: relative to the repository when inside it, else in full. */
export function shownPath(rootDir: string, path: string): string {
  const inside = relative(rootDir, path);
  return inside === '' ? '.' : inside.startsWith('..') || isAbsolute(inside) ? path : inside;
}
