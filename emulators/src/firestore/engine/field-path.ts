/**
 * Field paths: `a.b.c`, with backtick-quoted segments for names that are not plain
 * identifiers (`` `my.field`.x ``, backslash escapes inside backticks), as in the
 * Firestore API (document.proto `Document.fields`).
 */
import { invalidArgument } from '../errors.js';

export type FieldPath = string[];

const PLAIN_SEGMENT = /^[_a-zA-Z][_a-zA-Z0-9]*$/;

export function parseFieldPath(text: unknown): FieldPath {
  if (typeof text !== 'string' || text === '') throw invalidArgument('Field path must be a non-empty string.');
  const segments: string[] = [];
  let current = '';
  let i = 0;
  let quoted = false;
  let segmentStarted = false;
  while (i < text.length) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '\\') {
        if (i + 1 >= text.length) throw invalidArgument(`Invalid field path: "${text}" ends with an escape.`);
        current += text[i + 1];
        i += 2;
        continue;
      }
      if (ch === '`') {
        quoted = false;
        i++;
        continue;
      }
      current += ch;
      i++;
      continue;
    }
    if (ch === '`') {
      if (segmentStarted && current !== '') throw invalidArgument(`Invalid field path: "${text}".`);
      quoted = true;
      segmentStarted = true;
      i++;
      continue;
    }
    if (ch === '.') {
      if (!segmentStarted) throw invalidArgument(`Invalid field path: "${text}" has an empty segment.`);
      segments.push(current);
      current = '';
      segmentStarted = false;
      i++;
      continue;
    }
    current += ch;
    segmentStarted = true;
    i++;
  }
  if (quoted) throw invalidArgument(`Invalid field path: "${text}" has an unterminated backtick.`);
  if (!segmentStarted) throw invalidArgument(`Invalid field path: "${text}" has an empty segment.`);
  segments.push(current);
  for (const segment of segments) {
    if (segment === '') throw invalidArgument(`Invalid field path: "${text}" has an empty segment.`);
  }
  return segments;
}

export function formatFieldPath(path: FieldPath): string {
  return path
    .map((segment) => (PLAIN_SEGMENT.test(segment) ? segment : '`' + segment.replace(/[\\`]/g, (c) => '\\' + c) + '`'))
    .join('.');
}

export function isKeyPath(path: FieldPath): boolean {
  return path.length === 1 && path[0] === '__name__';
}

/** Whether `prefix` is `path` or one of its ancestors. */
export function isPrefixOf(prefix: FieldPath, path: FieldPath): boolean {
  if (prefix.length > path.length) return false;
  return prefix.every((segment, i) => segment === path[i]);
}

export function compareFieldPaths(a: FieldPath, b: FieldPath): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    if (a[i] !== b[i]) return a[i]! < b[i]! ? -1 : 1;
  }
  return a.length - b.length;
}
