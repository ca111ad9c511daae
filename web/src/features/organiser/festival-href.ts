/**
 * The address of a page of a festival, as a plain absolute href (`/f/{festivalId}/staff`): the
 * organiser page lives outside any festival, so it links with full navigations, never through a
 * router's base.
 */
export function festivalHref(festivalId: string, path = ''): string {
  const rest = path === '' || path === '/' ? '' : path.startsWith('/') ? path : `/${path}`;
  return `/f/${encodeURIComponent(festivalId)}${rest}`;
}
