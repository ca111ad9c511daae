import type { Catalog } from '../catalogs';

/**
 * The Dutch catalog: every `<area>.json` beside this file (one per feature folder, flat
 * `{ "id": "tekst" }`), merged. Bundled as one chunk that loads on demand.
 */
const files = import.meta.glob<Catalog>('./*.json', { eager: true, import: 'default' });

const catalog: Catalog = Object.assign({}, ...Object.values(files));
export default catalog;
