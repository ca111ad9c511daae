/**
 * The read-only share link carries the performance ids in the URL itself: anyone can open
 * it without an account, and nobody can read another person's favourites through it.
 */
export function shareLink(origin: string, performanceIds: Iterable<string>): string {
  return `${origin}/shared?sets=${[...performanceIds].sort().map(encodeURIComponent).join(',')}`;
}

export function idsFromShareLink(search: string): string[] {
  const value = new URLSearchParams(search).get('sets');
  return value ? [...new Set(value.split(',').filter((id) => id !== ''))] : [];
}
