/**
 * Object listing as GCS does it: names in lexicographic order, optionally folded into
 * "directory" prefixes at the first delimiter after the prefix, items and prefixes
 * counting together towards `maxResults`, and an opaque token to resume after the last
 * entry returned. `matchGlob` keeps only the names a GCS glob matches.
 */
import { badRequest } from './errors.js';
import { globToRegExp } from './match-glob.js';

export interface ListOptions {
  prefix: string;
  /** Empty for a flat listing. */
  delimiter: string;
  maxResults: number;
  pageToken?: string;
  /** Only names matching this GCS glob (match-glob.ts); undefined for all. */
  matchGlob?: string;
}

export interface ListPage {
  items: string[];
  prefixes: string[];
  nextPageToken?: string;
}

export function listNames(sortedNames: readonly string[], options: ListOptions): ListPage {
  const after = options.pageToken === undefined ? undefined : decodePageToken(options.pageToken);
  const page: ListPage = { items: [], prefixes: [] };
  // The last key returned, and the folded prefix it was: names under it were already reported.
  let lastKey = after;
  const glob = options.matchGlob === undefined ? undefined : globToRegExp(options.matchGlob);
  for (const name of sortedNames) {
    if (!name.startsWith(options.prefix)) continue;
    if (glob !== undefined && !glob.test(name)) continue;
    if (after !== undefined && name <= after) continue;
    const folded = foldedPrefix(name, options);
    const key = folded ?? name;
    if (folded !== undefined && folded === lastKey) continue;
    if (page.items.length + page.prefixes.length === options.maxResults) {
      page.nextPageToken = encodePageToken(lastKey ?? '');
      break;
    }
    if (folded !== undefined) page.prefixes.push(folded);
    else page.items.push(name);
    lastKey = key;
  }
  return page;
}

function foldedPrefix(name: string, options: ListOptions): string | undefined {
  if (options.delimiter === '') return undefined;
  const at = name.indexOf(options.delimiter, options.prefix.length);
  return at < 0 ? undefined : name.slice(0, at + options.delimiter.length);
}

function encodePageToken(lastKey: string): string {
  return Buffer.from(lastKey, 'utf8').toString('base64url');
}

function decodePageToken(token: string): string {
  if (!/^[A-Za-z0-9_-]*$/.test(token)) throw badRequest('Invalid page token');
  return Buffer.from(token, 'base64url').toString('utf8');
}

/** The largest `maxResults` GCS takes: the parameter is an unsigned 32-bit integer. */
const MAX_UINT32 = 4_294_967_295;

/**
 * Reads `maxResults` from a query string: 1 to 1000, default 1000. Larger values up to the
 * uint32 maximum are capped, as GCS does; anything else (`1e30`, `-1`, `2.5`, past 2^32 - 1)
 * is a 400, as GCS refuses a value its uint32 parameter cannot hold.
 */
export function parseMaxResults(raw: string | null): number {
  if (raw === null || raw === '') return 1000;
  const value = /^\d{1,10}$/.test(raw) ? Number(raw) : Number.NaN;
  if (!(value >= 1 && value <= MAX_UINT32)) throw badRequest(`Invalid unsigned integer value for maxResults: '${raw}'`);
  return Math.min(value, 1000);
}
