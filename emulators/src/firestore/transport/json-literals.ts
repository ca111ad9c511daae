/**
 * What Google's JSON parser refuses in a REST body before Firestore sees it, and `JSON.parse`
 * lets through: a number literal no double holds (`1e400`, parsed as Infinity; a double field
 * that means infinity is written `"Infinity"`, a string) and a string or name with a lone
 * surrogate escape (`"\ud800"`), which has no UTF-8 form. Both are 400 INVALID_ARGUMENT there.
 */
import { invalidArgument, type FirestoreError } from '../errors.js';

/** A UTF-16 surrogate without its pair (`\p{Cs}` in a `u` regex matches only unpaired ones). */
const LONE_SURROGATE = /\p{Cs}/u;

/** The first such literal in `body` as the refusal, or undefined. Iterative: run after the nesting check. */
export function jsonLiteralRefusal(body: unknown): FirestoreError | undefined {
  const pending: unknown[] = [body];
  while (pending.length > 0) {
    const node = pending.pop();
    if (typeof node === 'number') {
      if (!Number.isFinite(node)) return invalidArgument('Invalid JSON payload received. A number is out of range: no double holds it.');
    } else if (typeof node === 'string') {
      if (LONE_SURROGATE.test(node)) return notUtf8(node);
    } else if (Array.isArray(node)) {
      pending.push(...(node as unknown[]));
    } else if (typeof node === 'object' && node !== null) {
      for (const [key, value] of Object.entries(node)) {
        if (LONE_SURROGATE.test(key)) return notUtf8(key);
        pending.push(value);
      }
    }
  }
  return undefined;
}

function notUtf8(text: string): FirestoreError {
  return invalidArgument(`Invalid JSON payload received. A string is not valid UTF-8 (an unpaired surrogate): "${text.slice(0, 200).replace(/\p{Cs}/gu, '\uFFFD')}".`);
}
