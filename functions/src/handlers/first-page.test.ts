import { describe, expect, it } from 'vitest';
import { HEADER_SLOT } from '../domain/first-page.js';
import { firestorePaths } from '@encore/model';
import { ICON, LOGO, brandFolder } from '../testing/brand-images.js';
import { FESTIVAL_ID, NOW, TEST_SETTINGS, seedFestival, testDeps } from '../testing/deps.js';
import { FIRST_PAGE_CACHE_CONTROL, festivalIdOfShell, handleFirstPage } from './first-page.js';

const shellFor = (festivalId: string) =>
  `<!doctype html><html lang="en"><head><meta name="theme-color" content="#24102f" /><link rel="manifest" href="/manifest.webmanifest" /><title>Encore</title><meta name="encore-festival" content="${festivalId}"></head><body><main>${HEADER_SLOT.start}<span class="skeleton"></span>${HEADER_SLOT.end}</main></body></html>`;
const ORIGIN = 'https://encore.example';
const get = { method: 'GET', path: '/', origin: ORIGIN, ifNoneMatch: undefined };

describe('handleFirstPage', () => {
  it("serves the shell with the festival's header written in, cacheable by the CDN for a minute and revalidated by browsers", async () => {
    const deps = testDeps();
    seedFestival(deps.docs);
    const answer = await handleFirstPage(deps, get, async () => shellFor(FESTIVAL_ID));
    expect(answer.status).toBe(200);
    expect(answer.headers).toMatchObject({ 'content-type': 'text/html; charset=utf-8', 'cache-control': FIRST_PAGE_CACHE_CONTROL });
    expect(answer.body).toContain('>Pier. Times are festival time (Europe/Amsterdam).</p>');
    expect(answer.body).not.toContain('skeleton');
  });

  it('answers a revalidation of the same page with a 304 and no body, and a changed venue with the new page', async () => {
    const deps = testDeps();
    seedFestival(deps.docs);
    const first = await handleFirstPage(deps, get, async () => shellFor(FESTIVAL_ID));
    const again = await handleFirstPage(deps, { ...get, ifNoneMatch: first.headers['etag'] }, async () => shellFor(FESTIVAL_ID));
    expect([again.status, again.body]).toEqual([304, '']);
    await deps.docs.batch((batch) => batch.set(`festivals/${FESTIVAL_ID}`, { venue: 'Quay' }, { merge: true }));
    const changed = await handleFirstPage(deps, { ...get, ifNoneMatch: first.headers['etag'] }, async () => shellFor(FESTIVAL_ID));
    expect(changed.status).toBe(200);
    expect(changed.body).toContain('>Quay. Times are festival time');
  });

  it('counts down to the festival\'s first set that is not cancelled, whatever the server\'s clock (the page shows it by the visitor\'s)', async () => {
    for (const now of ['2026-08-02T10:00:00Z', '2026-11-27T10:00:00Z']) {
      const deps = testDeps({ now: () => new Date(now) });
      seedFestival(deps.docs);
      // The seed's first set (19:00 UTC on the 14th) is cancelled: the count is to the next one.
      deps.docs.seed(`festivals/${FESTIVAL_ID}/performances/nina-main`, { artistId: 'nina', stageId: 'main', startsAt: new Date('2026-08-14T19:00:00Z'), endsAt: new Date('2026-08-14T20:00:00Z'), status: 'cancelled' });
      const page = await handleFirstPage(deps, get, async () => shellFor(FESTIVAL_ID));
      expect(page.body).toContain(': Fri 14 Aug, 21:30.</p>');
    }
  });

  it('counts down to the first festival day when no set is scheduled, in calendar days (12 on 2 August for the 14th, though 11 days and 20 hours)', async () => {
    const deps = testDeps({ now: () => new Date('2026-08-02T10:00:00Z') });
    deps.docs.seed(`festivals/${FESTIVAL_ID}`, { name: 'Encore', timeZone: 'Europe/Amsterdam', startsOn: '2026-08-14', endsOn: '2026-08-16', venue: 'Pier' });
    const page = await handleFirstPage(deps, get, async () => shellFor(FESTIVAL_ID));
    expect(page.body).toContain('Encore starts in <span data-first-page-days data-one="# day" data-other="# days">12 days</span>: Fri 14 Aug, 06:00.</p>');
  });

  it('serves / as the chooser (the shell, its home naming none) when neither a chosen nor the shell\'s festival exists', async () => {
    const deps = testDeps();
    seedFestival(deps.docs);
    const unknown = await handleFirstPage(deps, get, async () => shellFor('no-such-festival'));
    expect(unknown.status).toBe(200);
    expect(unknown.body).toBe(shellFor('no-such-festival').replace('</head>', '<meta name="encore-home" content="" /></head>'));
    const nameless = `<main>${HEADER_SLOT.start}${HEADER_SLOT.end}</main>`;
    expect((await handleFirstPage(deps, get, async () => nameless)).body).toBe(`<meta name="encore-home" content="" />${nameless}`);
  });

  it('serves the shell as it is when the festival cannot be read', async () => {
    const deps = testDeps();
    deps.docs.get = async () => {
      throw new Error('unavailable');
    };
    const answer = await handleFirstPage(deps, get, async () => shellFor(FESTIVAL_ID));
    expect([answer.status, answer.body]).toEqual([200, shellFor(FESTIVAL_ID)]);
  });

  it("serves the header without the countdown when the festival's sets cannot be read", async () => {
    const deps = testDeps();
    seedFestival(deps.docs);
    deps.docs.query = async () => {
      throw new Error('FAILED_PRECONDITION: the query requires an index');
    };
    const answer = await handleFirstPage(deps, get, async () => shellFor(FESTIVAL_ID));
    expect(answer.body).toContain('>Pier. Times are festival time (Europe/Amsterdam).</p>');
    expect(answer.body).not.toContain('first-page-countdown');
  });

  it('answers 502, not cached, when the shell cannot be fetched', async () => {
    const answer = await handleFirstPage(testDeps(), get, async () => {
      throw new Error('https://encore.example/app.html answered 404');
    });
    expect(answer.status).toBe(502);
    expect(answer.headers['cache-control']).toBe('no-store');
  });

  it('refuses other methods than GET and HEAD with 405 and Allow', async () => {
    const answer = await handleFirstPage(testDeps(), { ...get, method: 'POST' }, async () => shellFor(FESTIVAL_ID));
    expect(answer.status).toBe(405);
    expect(answer.headers['allow']).toBe('GET, HEAD');
  });
});

describe("handleFirstPage with the festival's own icon and logo", () => {
  const shell = shellFor(FESTIVAL_ID).replace('<title>', '<link rel="icon" href="/icon.svg" type="image/svg+xml" /><link rel="apple-touch-icon" href="/icon-192.png" /><title>');
  const url = (path: string) => `${TEST_SETTINGS.publicFilesBase}${encodeURIComponent(path)}?alt=media`;

  it("links the festival's icons and previews with its logo once they are derived, and a new icon is a new page (a new ETag)", async () => {
    const deps = testDeps();
    seedFestival(deps.docs);
    const plain = await handleFirstPage(deps, get, async () => shell);
    expect(plain.body).toContain('<link rel="icon" href="/icon.svg" type="image/svg+xml" />');
    expect(plain.body).toContain(`<meta property="og:image" content="${ORIGIN}/icon-512.png" />`);

    deps.docs.seed(firestorePaths.brandImage(FESTIVAL_ID, 'icon'), { image: ICON, updatedAt: NOW });
    deps.docs.seed(firestorePaths.brandImage(FESTIVAL_ID, 'logo'), { image: LOGO, updatedAt: NOW });
    const branded = await handleFirstPage(deps, { ...get, ifNoneMatch: plain.headers['etag'] }, async () => shell);
    expect(branded.status).toBe(200);
    expect(branded.headers['etag']).not.toBe(plain.headers['etag']);
    expect(branded.body).toContain(`<link rel="icon" href="${url(ICON.icons![1]!.path)}" type="image/png" sizes="192x192" />`);
    expect(branded.body).toContain(`<link rel="apple-touch-icon" href="${url(ICON.icons![0]!.path)}" />`);
    expect(branded.body).toContain(`<meta property="og:image" content="${url(`${brandFolder('logo')}/640.jpg`)}" />`);
    expect(branded.body).toContain(`<meta name="twitter:image" content="${url(`${brandFolder('logo')}/640.jpg`)}" />`);

    const newIcon = { ...ICON, uploadId: 'u2', icons: ICON.icons!.map((icon) => ({ ...icon, path: icon.path.replace('/u1/', '/u2/') })) };
    deps.docs.seed(firestorePaths.brandImage(FESTIVAL_ID, 'icon'), { image: newIcon, updatedAt: NOW });
    const renewed = await handleFirstPage(deps, { ...get, ifNoneMatch: branded.headers['etag'] }, async () => shell);
    expect(renewed.status).toBe(200);
    expect(renewed.body).toContain(url(newIcon.icons[0]!.path));
  });

  it("serves the page with the app's icons when the festival's cannot be read", async () => {
    const deps = testDeps();
    seedFestival(deps.docs);
    deps.docs.seed(firestorePaths.brandImage(FESTIVAL_ID, 'icon'), { image: { nonsense: true }, updatedAt: NOW });
    const answer = await handleFirstPage(deps, get, async () => shell);
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('<link rel="icon" href="/icon.svg" type="image/svg+xml" />');
    expect(answer.body).toContain('>Pier. Times are festival time');
  });
});

describe("handleFirstPage at a festival's own address, /f/{festivalId}", () => {
  const OTHER = 'zomer-klanken-2027';
  const other = { name: 'Zomer <Klanken> 2027', shortName: 'Zomer', timeZone: 'Europe/Amsterdam', startsOn: '2027-07-02', endsOn: '2027-07-04', venue: 'Park & Plein', description: 'Three days of music in the park.', colours: { primary: '#1A6B3C', secondary: '#0b2545' } };
  const at = (path: string) => ({ ...get, path });

  it("serves that festival's header, name, colours and manifest, with and without the closing slash, whatever festival the shell was built for", async () => {
    const deps = testDeps();
    seedFestival(deps.docs);
    deps.docs.seed(`festivals/${OTHER}`, other);
    for (const path of [`/f/${OTHER}/`, `/f/${OTHER}`]) {
      const answer = await handleFirstPage(deps, at(path), async () => shellFor(FESTIVAL_ID));
      expect([path, answer.status]).toEqual([path, 200]);
      expect(answer.headers).toMatchObject({ 'content-type': 'text/html; charset=utf-8', 'cache-control': FIRST_PAGE_CACHE_CONTROL });
      expect(answer.body).toContain('>Park &#38; Plein. Times are festival time (Europe/Amsterdam).</p>');
      expect(answer.body).toContain('<title>Zomer &#60;Klanken&#62; 2027</title>');
      expect(answer.body).toContain('--color-accent:#1a6b3c;');
      expect(answer.body).toContain('<meta name="theme-color" content="#0b2545" />');
      expect(answer.body).toContain(`<link rel="manifest" href="/f/${OTHER}/manifest.webmanifest" />`);
      expect(answer.body).toContain(`<meta property="og:url" content="${ORIGIN}/f/${OTHER}/" />`);
      expect(answer.body).toContain('<meta property="og:description" content="Three days of music in the park." />');
      expect(answer.body).not.toContain('>Pier.');
    }
  });

  it('answers the plain shell with a 404 for a festival that does not exist or an address that names none', async () => {
    const deps = testDeps();
    seedFestival(deps.docs);
    for (const path of ['/f/no-such-festival/', '/f/No_Such/', `/f/${'a'.repeat(81)}/`, '/f//', '/elsewhere']) {
      const answer = await handleFirstPage(deps, at(path), async () => shellFor(FESTIVAL_ID));
      expect([path, answer.status, answer.body]).toEqual([path, 404, shellFor(FESTIVAL_ID)]);
    }
  });

  it('serves / as the festival the shell was built for when none is chosen, with its unprefixed addresses and the default manifest', async () => {
    const deps = testDeps();
    seedFestival(deps.docs);
    deps.docs.seed(`festivals/${OTHER}`, other);
    const answer = await handleFirstPage(deps, get, async () => shellFor(FESTIVAL_ID));
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('>Pier. Times are festival time (Europe/Amsterdam).</p>');
    expect(answer.body).toContain(`<meta name="encore-home" content="${FESTIVAL_ID}" />`);
    expect(answer.body).toContain('<title>Encore</title>');
    expect(answer.body).toContain(`<link rel="manifest" href="/manifest.webmanifest" />`);
    expect(answer.body).toContain(`<meta property="og:url" content="${ORIGIN}/" />`);
  });

  it("serves / as the festival a project admin chose (site/settings): its header, name, colours and manifest, and a new ETag when the choice changes", async () => {
    const deps = testDeps();
    seedFestival(deps.docs);
    deps.docs.seed(`festivals/${OTHER}`, other);
    const before = await handleFirstPage(deps, get, async () => shellFor(FESTIVAL_ID));
    deps.docs.seed('site/settings', { defaultFestivalId: OTHER, updatedAt: new Date('2026-06-01T10:00:00Z'), updatedBy: 'olga' });
    const answer = await handleFirstPage(deps, { ...get, ifNoneMatch: before.headers['etag'] }, async () => shellFor(FESTIVAL_ID));
    expect(answer.status).toBe(200);
    expect(answer.headers['etag']).not.toBe(before.headers['etag']);
    expect(answer.headers['cache-control']).toBe(FIRST_PAGE_CACHE_CONTROL);
    expect(answer.body).toContain(`<meta name="encore-home" content="${OTHER}" />`);
    expect(answer.body).toContain('>Park &#38; Plein. Times are festival time (Europe/Amsterdam).</p>');
    expect(answer.body).toContain('<title>Zomer &#60;Klanken&#62; 2027</title>');
    expect(answer.body).toContain('--color-accent:#1a6b3c;');
    expect(answer.body).toContain(`<link rel="manifest" href="/f/${OTHER}/manifest.webmanifest" />`);
    expect(answer.body).toContain(`<a href="/f/${OTHER}/lineup">`);
    expect(answer.body).not.toContain('>Pier.');
  });

  it("serves / as the shell's festival when the chosen one no longer exists or site/settings cannot be read", async () => {
    const deps = testDeps();
    seedFestival(deps.docs);
    deps.docs.seed('site/settings', { defaultFestivalId: 'gone-2025', updatedAt: new Date('2026-06-01T10:00:00Z'), updatedBy: 'olga' });
    expect((await handleFirstPage(deps, get, async () => shellFor(FESTIVAL_ID))).body).toContain(`<meta name="encore-home" content="${FESTIVAL_ID}" />`);
    const get_ = deps.docs.get.bind(deps.docs);
    deps.docs.get = (async (path: string, schema: never) => {
      if (path === 'site/settings') throw new Error('unavailable');
      return get_(path, schema);
    }) as typeof deps.docs.get;
    expect((await handleFirstPage(deps, get, async () => shellFor(FESTIVAL_ID))).body).toContain(`<meta name="encore-home" content="${FESTIVAL_ID}" />`);
  });

  it("serves the shell as it is, not a 404, when the address's festival cannot be read", async () => {
    const deps = testDeps();
    deps.docs.get = async () => {
      throw new Error('unavailable');
    };
    const answer = await handleFirstPage(deps, at(`/f/${OTHER}/`), async () => shellFor(FESTIVAL_ID));
    expect([answer.status, answer.body]).toEqual([200, shellFor(FESTIVAL_ID)]);
  });
});

describe('festivalIdOfShell', () => {
  it('reads the meta tag the web build writes, and nothing that is not an id', () => {
    expect(festivalIdOfShell(shellFor('encore-2026'))).toBe('encore-2026');
    expect(festivalIdOfShell('<meta name="encore-festival" content="../x">')).toBeNull();
    expect(festivalIdOfShell('<html></html>')).toBeNull();
  });
});
