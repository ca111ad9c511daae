/** Methods of rules.String and rules.Bytes. */
import { RulesEvaluationError } from '../errors.js';
import type { Value } from '../values.js';
import { asString, expectArity } from './args.js';
import { fullMatch, replaceAll, split } from './regex.js';

type Method<T> = (receiver: T, args: Value[]) => Value;

export const STRING_METHODS: Record<string, Method<string>> = {
  lower: (s, args) => (expectArity('lower', args, 0), s.toLowerCase()),
  upper: (s, args) => (expectArity('upper', args, 0), s.toUpperCase()),
  // Code points, not UTF-16 units: 'é😀'.size() == 2.
  size: (s, args) => (expectArity('size', args, 0), BigInt([...s].length)),
  // Only ASCII spaces, as the reference says "leading and trailing spaces".
  trim: (s, args) => (expectArity('trim', args, 0), s.replace(/^[ \t\n\r\f\v]+|[ \t\n\r\f\v]+$/g, '')),
  matches: (s, args) => (expectArity('matches', args, 1), fullMatch(asString('matches', args[0]), s)),
  replace: (s, args) => (expectArity('replace', args, 2), replaceAll(asString('replace', args[0]), s, asString('replace', args[1]))),
  split: (s, args) => (expectArity('split', args, 1), split(asString('split', args[0]), s)),
  toUtf8: (s, args) => (expectArity('toUtf8', args, 0), new Uint8Array(Buffer.from(s, 'utf8'))),
};

export const BYTES_METHODS: Record<string, Method<Uint8Array>> = {
  size: (b, args) => (expectArity('size', args, 0), BigInt(b.length)),
  // Web-safe base64, as rules.Bytes documents it.
  toBase64: (b, args) => (expectArity('toBase64', args, 0), Buffer.from(b).toString('base64url')),
  toHexString: (b, args) => (expectArity('toHexString', args, 0), Buffer.from(b).toString('hex').toUpperCase()),
};

/** Character-indexed access: `s[i]` and `s[i:j]` count code points. */
export function stringIndex(s: string, index: bigint): string {
  const chars = [...s];
  if (index < 0n || index >= BigInt(chars.length)) throw new RulesEvaluationError(`String index ${index} out of range`);
  return chars[Number(index)]!;
}

export function stringSlice(s: string, start: bigint | undefined, end: bigint | undefined): string {
  const chars = [...s];
  const [from, to] = sliceBounds(chars.length, start, end);
  return chars.slice(from, to).join('');
}

/** Validates `[i:j]` bounds: 0 <= i <= j <= size, else an error (the reference is silent; we do not clamp). */
export function sliceBounds(size: number, start: bigint | undefined, end: bigint | undefined): [number, number] {
  const from = start ?? 0n;
  const to = end ?? BigInt(size);
  if (from < 0n || to > BigInt(size) || from > to) throw new RulesEvaluationError(`Range [${from}:${to}] out of bounds for size ${size}`);
  return [Number(from), Number(to)];
}
