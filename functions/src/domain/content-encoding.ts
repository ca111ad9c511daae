/**
 * gzip for what functions serve themselves (the programme's data bundle): Cloud Functions do
 * not compress responses, and the bundle, length-prefixed JSON of the whole programme, shrinks
 * about tenfold, which is most of what a phone on a slow network waits for before the
 * programme's first paint (web/README.md, "The first page"). Pure: no SDKs.
 *
 * The gzip representation gets its own ETag (`"…-gzip"`, as HTTP wants one per encoding);
 * `identityEtags` turns an `If-None-Match` naming it back into the handler's own ETag, so
 * revalidations still end in a 304 (`notModified`, which the bundle's and the first page's
 * handlers answer revalidations with).
 */

/** Whether `Accept-Encoding` accepts gzip (`gzip` or `*`, with a q-value above 0). */
export function acceptsGzip(acceptEncoding: string | undefined): boolean {
  if (!acceptEncoding) return false;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...parameters] = part.trim().toLowerCase().split(';');
    const q = parameters.map((parameter) => /^\s*q=([0-9.]+)\s*$/.exec(parameter)?.[1]).find((value) => value !== undefined);
    if (name) weights.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const weight = weights.get('gzip') ?? weights.get('*') ?? 0;
  return weight > 0;
}

/** The ETag of the gzip representation of what `etag` names. */
export function gzipEtag(etag: string): string {
  return etag.endsWith('"') ? `${etag.slice(0, -1)}-gzip"` : `${etag}-gzip`;
}

/** `If-None-Match` with each gzip representation's ETag named as the handler's own. */
export function identityEtags(ifNoneMatch: string | undefined): string | undefined {
  return ifNoneMatch?.replace(/-gzip"/g, '"');
}

/** True when `If-None-Match` names this version (or `*`). */
export function notModified(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const trimmed = tag.trim().replace(/^W\//, '');
    return trimmed === '*' || trimmed === etag;
  });
}
