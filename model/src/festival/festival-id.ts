/**
 * The address a new festival proposes for itself (`/f/{id}`): its short name (or name) and its
 * first year, as a slug (`slugIdSchema`): "Zomer Klanken 2027" starting 2027-07-02 gives
 * `zomer-klanken-2027`. Accents are dropped, not the letters under them.
 */
export function suggestFestivalId(name: string, startsOn: string): string {
  const year = /^\d{4}/.exec(startsOn)?.[0] ?? '';
  const words = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  const withYear = year && !words.endsWith(year) ? `${words}-${year}` : words;
  return withYear.replace(/^-+/, '').slice(0, 80).replace(/-+$/, '') || 'festival';
}
