import { describe, expect, it } from 'vitest';
import { festivalSchema, firestorePaths, type Festival } from '@encore/model';
import type { Docs } from '../platform/docs.js';
import { NOW, testDeps, type TestDeps } from '../testing/deps.js';
import { handleCreateEdition } from './create-edition.js';
import { RequestError } from './request-error.js';

const sms = { sign_in_provider: 'password', sign_in_second_factor: 'phone' };
/** The source festival's admin (a staff document, no project claim), signed in with an SMS code. */
const ada = { uid: 'ada', token: { email: 'ada@zk.test', name: 'Ada', firebase: sms } };
const SOURCE = 'zomer-klanken-2026';
const EDITION = 'zomer-klanken-2027';

const source: Festival = {
  name: 'Zomer Klanken 2026',
  shortName: 'Zomer Klanken',
  timeZone: 'Europe/Amsterdam',
  startsOn: '2026-07-03',
  endsOn: '2026-07-05',
  venue: 'Park Vijversburg',
  address: 'Parkweg 2, Tytsjerk',
  languages: ['nl', 'en'],
  defaultLanguage: 'nl',
  colours: { primary: '#c0392b', secondary: '#2a1038' },
  links: { website: 'https://zomerklanken.example' },
  description: 'Drie dagen muziek in het park.',
  dayStartsAtHour: 5,
  archivedAt: new Date('2026-07-10T10:00:00Z'),
};
const input = { sourceFestivalId: SOURCE, festival: { id: EDITION, name: 'Zomer Klanken 2027', startsOn: '2027-07-02', endsOn: '2027-07-04' } };
const rendition = (festivalId: string, subject: string, width: number) => ({ width, height: width / 2, format: 'webp' as const, path: `media/${festivalId}/${subject}/up1/${width}.webp`, bytes: 10 });
const image = (festivalId: string, subject: string) => ({ uploadId: 'up1', width: 1920, height: 960, renditions: [rendition(festivalId, subject, 960), rendition(festivalId, subject, 1920)], dominantColor: '#223344', placeholder: 'x', updatedAt: NOW });
const at = (festivalId: string) => ({
  stage: (id: string) => firestorePaths.stage(festivalId, id),
  info: (id: string) => firestorePaths.infoPage(festivalId, id),
  map: firestorePaths.venueMap(festivalId),
  logo: firestorePaths.brandImage(festivalId, 'logo'),
  icon: firestorePaths.brandImage(festivalId, 'icon'),
});

/** The source as last year left it: stages, a map with walks and a plan, info pages, a logo, and what is never copied. */
function seedSource(deps: TestDeps) {
  const s = at(SOURCE);
  deps.docs.seed(firestorePaths.festival(SOURCE), source);
  deps.docs.seed(firestorePaths.festivalStaffMember(SOURCE, 'ada'), { role: 'admin', addedAt: NOW, addedBy: null });
  deps.docs.seed(firestorePaths.festivalStaffMember(SOURCE, 'pia'), { role: 'programme', addedAt: NOW, addedBy: 'ada' });
  deps.docs.seed(s.stage('main'), { name: 'Main', order: 0, color: '#ff8800' });
  deps.docs.seed(s.stage('tent'), { name: 'Tent', order: 1 });
  deps.docs.seed(s.map, {
    markers: [{ id: 'main', kind: 'stage', x: 0.2, y: 0.3, stageId: 'main' }],
    routes: [],
    walks: [{ from: 'main', to: 'tent', minutes: 6 }],
    updatedAt: NOW,
    image: image(SOURCE, 'venue/map'),
    imageUpload: { uploadId: 'up2', status: 'processing', rejectReason: null, updatedAt: NOW },
  });
  deps.docs.seed(s.info('lockers'), { order: 10, title: { en: 'Lockers', nl: 'Kluisjes' }, body: { en: 'By the gate.', nl: 'Bij de poort.' }, updatedAt: NOW });
  deps.docs.seed(s.logo, { image: image(SOURCE, 'brand/logo'), updatedAt: NOW });
  deps.docs.seed(s.icon, { imageUpload: { uploadId: 'up3', status: 'processing', rejectReason: null, updatedAt: NOW }, updatedAt: NOW });
  for (const subject of ['venue/map', 'brand/logo']) for (const width of [960, 1920]) deps.objects.files.set(`media/${SOURCE}/${subject}/up1/${width}.webp`, { bytes: Buffer.from(`${subject} ${width}`), options: null, updated: NOW, generation: '1', metadata: {} });
  // Never copied: sets, artists, photos, announcements, counts.
  deps.docs.seed(firestorePaths.artist(SOURCE, 'nina'), { name: 'Nina', bio: '', genres: [] });
  deps.docs.seed(firestorePaths.performance(SOURCE, 'nina-main'), { artistId: 'nina', stageId: 'main', startsAt: NOW, endsAt: new Date(NOW.getTime() + 3600_000), status: 'scheduled' });
  deps.docs.seed(firestorePaths.stats(SOURCE, 'totals'), { favorites: 3 });
}

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(RequestError);
  const { code, message } = error as RequestError;
  return { code, message };
}

const editionPaths = (deps: TestDeps) => [...deps.docs.store.keys()].filter((path) => path.startsWith(`festivals/${EDITION}`)).sort();

describe('createEdition', () => {
  it('copies the festival’s fields, stages, map, info pages and finished brand images, makes the caller admin, and nothing else', async () => {
    const deps = testDeps();
    seedSource(deps);
    expect(await handleCreateEdition(deps, ada, input)).toEqual({ festivalId: EDITION });

    const { archivedAt: _archived, ...carried } = source;
    expect(festivalSchema.parse(deps.docs.data(firestorePaths.festival(EDITION)))).toEqual({ ...carried, name: 'Zomer Klanken 2027', startsOn: '2027-07-02', endsOn: '2027-07-04', editionOf: SOURCE });
    const e = at(EDITION);
    expect(editionPaths(deps)).toEqual(
      [firestorePaths.festival(EDITION), e.logo, e.info('lockers'), firestorePaths.festivalStaffMember(EDITION, 'ada'), e.stage('main'), e.stage('tent'), e.map].sort(),
    );
    expect(deps.docs.data(e.stage('main'))).toEqual({ name: 'Main', order: 0, color: '#ff8800' });
    expect(deps.docs.data(firestorePaths.festivalStaffMember(EDITION, 'ada'))).toEqual({ role: 'admin', email: 'ada@zk.test', name: 'Ada', addedAt: NOW, addedBy: 'ada' });
    // The map keeps its markers and walking minutes; its plan points at the edition's own copies of the renditions; the upload in progress stays behind.
    const map = deps.docs.data(e.map)!;
    expect(map).toMatchObject({ markers: [{ id: 'main' }], walks: [{ from: 'main', to: 'tent', minutes: 6 }], image: { uploadId: 'up1', renditions: [{ path: `media/${EDITION}/venue/map/up1/960.webp` }, { path: `media/${EDITION}/venue/map/up1/1920.webp` }] } });
    expect(map).not.toHaveProperty('imageUpload');
    expect(deps.objects.files.get(`media/${EDITION}/venue/map/up1/1920.webp`)?.bytes.toString()).toBe('venue/map 1920');
    expect(deps.objects.files.get(`media/${EDITION}/brand/logo/up1/960.webp`)?.options).toEqual({ contentType: 'image/webp', cacheControl: 'public, max-age=31536000, immutable' });
    // The icon was still being processed: no icon document yet (its upload is the source's).
    expect(deps.docs.data(e.icon)).toBeUndefined();
    expect(deps.docs.data(firestorePaths.editionCopy(EDITION))).toMatchObject({ sourceFestivalId: SOURCE, requestedBy: 'ada', completedAt: NOW });
  });

  it('answers a retry the same and changes nothing once done (not even a time)', async () => {
    const deps = testDeps();
    seedSource(deps);
    await handleCreateEdition(deps, ada, input);
    const before = structuredClone(deps.docs.store);
    expect(await handleCreateEdition(testDeps({ docs: deps.docs, objects: deps.objects, now: () => new Date(NOW.getTime() + 60_000) }), ada, structuredClone(input))).toEqual({ festivalId: EDITION });
    expect(deps.docs.store).toEqual(before);
  });

  it('finishes a copy that crashed halfway, showing no festival until then', async () => {
    const deps = testDeps();
    seedSource(deps);
    // The first try dies at its second batch of writes (after the claim, which is a transaction).
    let batches = 0;
    const crashing: Docs = deps.docs.asAnotherInstance({
      batch: (write) => (++batches === 1 ? deps.docs.batch(write) : Promise.reject(new Error('instance died'))),
    });
    const small = await import('./create-edition.js');
    expect(small.EDITION_BATCH).toBeGreaterThan(0);
    // Force two batches: enough info pages to pass one batch.
    for (let page = 0; page < small.EDITION_BATCH; page++) deps.docs.seed(at(SOURCE).info(`p${page}`), { order: 1, title: { en: `P${page}`, nl: '' }, body: { en: '', nl: '' }, updatedAt: NOW });
    await expect(handleCreateEdition({ ...deps, docs: crashing }, ada, input)).rejects.toThrow('instance died');
    expect(deps.docs.data(firestorePaths.festival(EDITION))).toBeUndefined();
    expect(deps.docs.data(firestorePaths.festivalStaffMember(EDITION, 'ada'))).toBeUndefined();
    expect(deps.docs.data(firestorePaths.editionCopy(EDITION))).toMatchObject({ completedAt: null });

    expect(await handleCreateEdition(deps, ada, input)).toEqual({ festivalId: EDITION });
    expect(deps.docs.data(firestorePaths.festival(EDITION))).toMatchObject({ editionOf: SOURCE });
    expect(editionPaths(deps).filter((path) => path.includes('/info/'))).toHaveLength(small.EDITION_BATCH + 1);
  });

  it('refuses the id with another source, other names or dates, another caller, or a festival already there', async () => {
    const deps = testDeps();
    seedSource(deps);
    deps.docs.seed(firestorePaths.festival('other-2026'), { ...source, archivedAt: undefined });
    deps.docs.seed(firestorePaths.festivalStaffMember('other-2026', 'ada'), { role: 'admin', addedAt: NOW, addedBy: null });
    await handleCreateEdition(deps, ada, input);
    const taken = { code: 'already-exists', message: `The address ${EDITION} is taken: choose another.` };
    expect(await refusal(handleCreateEdition(deps, ada, { ...input, sourceFestivalId: 'other-2026' }))).toEqual(taken);
    expect(await refusal(handleCreateEdition(deps, ada, { ...input, festival: { ...input.festival, endsOn: '2027-07-05' } }))).toEqual(taken);
    const olga = { uid: 'olga', token: { role: 'admin', firebase: sms } };
    expect(await refusal(handleCreateEdition(deps, olga, input))).toEqual(taken);
    // A festival made by createFestival under that id, with no copy behind it.
    expect(await refusal(handleCreateEdition(deps, ada, { ...input, festival: { ...input.festival, id: 'other-2026' }, sourceFestivalId: SOURCE }))).toMatchObject({ code: 'already-exists' });
  });

  it('refuses programme staff, a password alone, a missing source and bad input, writing nothing', async () => {
    const deps = testDeps();
    seedSource(deps);
    const pia = { uid: 'pia', token: { firebase: sms } };
    expect(await refusal(handleCreateEdition(deps, pia, input))).toEqual({ code: 'permission-denied', message: 'Only this festival’s admins can do this.' });
    expect(await refusal(handleCreateEdition(deps, { uid: 'ada', token: { firebase: { sign_in_provider: 'password' } } }, input))).toMatchObject({ code: 'permission-denied' });
    expect(await refusal(handleCreateEdition(deps, undefined, input))).toMatchObject({ code: 'unauthenticated' });
    const olga = { uid: 'olga', token: { role: 'admin', firebase: sms } };
    expect(await refusal(handleCreateEdition(deps, olga, { ...input, sourceFestivalId: 'nowhere' }))).toEqual({ code: 'not-found', message: 'There is no festival nowhere to copy.' });
    expect(await refusal(handleCreateEdition(deps, ada, { ...input, festival: { ...input.festival, id: SOURCE } }))).toEqual({ code: 'invalid-argument', message: 'festival.id: a new edition needs an address of its own' });
    expect(await refusal(handleCreateEdition(deps, ada, { ...input, festival: { ...input.festival, endsOn: '2027-07-01' } }))).toEqual({ code: 'invalid-argument', message: 'festival.endsOn: endsOn must not be before startsOn' });
    expect(editionPaths(deps)).toEqual([]);
    expect(deps.docs.commits).toBe(0);
  });
});
