/**
 * What index awareness costs a query, in-process (no transport): Encore's query shapes run
 * against the repo's firestore.indexes.json in strict mode, against the same queries with no
 * index file (nothing checked, the official emulator's behaviour) as the baseline.
 *   npx tsx emulators/bench/firestore-indexes.ts
 */
import { readFileSync } from 'node:fs';
import { parseIndexConfig } from '../src/firestore/engine/index-config.js';
import { FirestoreApi } from '../src/firestore/service/firestore-api.js';
import { Databases } from '../src/firestore/service/databases.js';

const ROOT = 'projects/bench/databases/(default)/documents';
const PHOTOS = 500;
const RUNS = 400;

const eq = (field: string, value: Record<string, unknown>) => ({ fieldFilter: { field: { fieldPath: field }, op: 'EQUAL', value } });
const and = (...filters: unknown[]) => ({ compositeFilter: { op: 'AND', filters } });
// The photo wall (status == ready, performanceId ==, newest first) and the nightly stuck-photo sweep: composites.
const QUERIES = [
  { from: [{ collectionId: 'photos' }], where: and(eq('status', { stringValue: 'ready' }), eq('performanceId', { stringValue: 'p1' })), orderBy: [{ field: { fieldPath: 'createdAt' }, direction: 'DESCENDING' }], limit: 40 },
  { from: [{ collectionId: 'photos' }], where: and(eq('status', { stringValue: 'processing' }), { fieldFilter: { field: { fieldPath: 'createdAt' }, op: 'LESS_THAN', value: { integerValue: '100' } } }) },
  { from: [{ collectionId: 'photos' }], where: eq('uploaderUid', { stringValue: 'u1' }) },
];

function setUp(strict: boolean): { api: FirestoreApi } {
  const databases = new Databases();
  if (strict) {
    databases.indexes.setCatalog(parseIndexConfig(JSON.parse(readFileSync(new URL('../../firestore.indexes.json', import.meta.url), 'utf8'))));
    databases.indexes.strict = true;
  }
  const api = new FirestoreApi(databases);
  const writes = Array.from({ length: PHOTOS }, (_, i) => ({
    update: {
      name: `${ROOT}/festivals/f/photos/p${i}`,
      fields: { status: { stringValue: i % 5 === 0 ? 'processing' : 'ready' }, performanceId: { stringValue: `p${i % 10}` }, uploaderUid: { stringValue: `u${i % 50}` }, createdAt: { integerValue: String(i) } },
    },
  }));
  api.unary('Commit', { database: 'projects/bench/databases/(default)', writes }, { kind: 'owner' });
  return { api };
}

function timePerQuery(api: FirestoreApi): number {
  const run = () => {
    for (const structuredQuery of QUERIES) api.streaming('RunQuery', { parent: `${ROOT}/festivals/f`, structuredQuery }, { kind: 'owner' });
  };
  for (let i = 0; i < 20; i++) run(); // warm-up
  const started = process.hrtime.bigint();
  for (let i = 0; i < RUNS; i++) run();
  return Number(process.hrtime.bigint() - started) / 1000 / (RUNS * QUERIES.length);
}

const baseline = timePerQuery(setUp(false).api);
const strict = timePerQuery(setUp(true).api);
const line = (figure: string, value: string) => console.log(`${figure.padEnd(52)} ${value.padStart(12)}`);
line(`runQuery over ${PHOTOS} photos, no index file (baseline)`, `${baseline.toFixed(1)} µs`);
line('the same, strict against firestore.indexes.json', `${strict.toFixed(1)} µs`);
line('strict / baseline', `${(strict / baseline).toFixed(2)}x`);
