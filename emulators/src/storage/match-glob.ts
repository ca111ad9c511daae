/**
 * GCS's `matchGlob` listing filter, turned into a regular expression over whole object names:
 * `*` is any run of characters but `/`, `**` any run including `/`, `?` one character but
 * `/`, `[abc]` / `[a-z]` / `[!abc]` (or `[^abc]`) a class, `{a,b}` alternatives (not nested),
 * `\` escapes the next character. A malformed glob is a 400, not a listing of everything.
 */
import { badRequest } from './errors.js';

const escapeRegExp = (text: string): string => text.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');

export function globToRegExp(glob: string): RegExp {
  let pattern = '';
  let inAlternatives = false;
  for (let index = 0; index < glob.length; index++) {
    const char = glob[index]!;
    if (char === '\\') {
      if (index + 1 >= glob.length) throw invalidGlob(glob, 'it ends with an escape');
      pattern += escapeRegExp(glob[++index]!);
    } else if (char === '*') {
      if (glob[index + 1] === '*') {
        pattern += '.*';
        index++;
      } else {
        pattern += '[^/]*';
      }
    } else if (char === '?') {
      pattern += '[^/]';
    } else if (char === '[') {
      const end = glob.indexOf(']', index + 2);
      if (end < 0) throw invalidGlob(glob, 'a "[" is never closed');
      let body = glob.slice(index + 1, end);
      const negated = body.startsWith('!') || body.startsWith('^');
      if (negated) body = body.slice(1);
      pattern += `[${negated ? '^' : ''}${body.replace(/[\\\]^]/g, '\\$&')}]`;
      index = end;
    } else if (char === '{') {
      if (inAlternatives) throw invalidGlob(glob, 'alternatives cannot be nested');
      inAlternatives = true;
      pattern += '(?:';
    } else if (char === ',' && inAlternatives) {
      pattern += '|';
    } else if (char === '}' && inAlternatives) {
      inAlternatives = false;
      pattern += ')';
    } else {
      pattern += escapeRegExp(char);
    }
  }
  if (inAlternatives) throw invalidGlob(glob, 'a "{" is never closed');
  return new RegExp(`^${pattern}$`, 's');
}

function invalidGlob(glob: string, why: string) {
  return badRequest(`Invalid matchGlob "${glob}": ${why}`);
}
