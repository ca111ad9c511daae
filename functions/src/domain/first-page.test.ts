import { describe, expect, it } from 'vitest';
import { FIRST_PAGE_MESSAGES, HEADER_SLOT, festivalEndsAt, festivalSummary, festivalThemeStyle, firstPageAddress, programmeHeaderHtml, renderFirstPage, type FirstPageFestival } from './first-page.js';
import { ICON, LOGO } from '../testing/brand-images.js';
import { brandLinks } from './brand-links.js';

const festival: FirstPageFestival = { name: 'Encore 2026', venue: 'Strandeiland, Amsterdam', timeZone: 'America/New_York', startsOn: '2026-08-14', endsOn: '2026-08-16' };
const shell = `<main>${HEADER_SLOT.start}<div class="skeleton-group"><span></span></div>${HEADER_SLOT.end}<div class="cards"></div></main>`;

describe('renderFirstPage', () => {
  it("writes the programme's header in place of the slot and its placeholders, keeping the rest of the shell", () => {
    const page = renderFirstPage(shell, festival);
    expect(page.startsWith('<main><div class="programme"><header class="page-header programme-header">')).toBe(true);
    expect(page.endsWith('</header></div><div class="cards"></div></main>')).toBe(true);
    expect(page).not.toContain('skeleton-group');
    expect(page).not.toContain('encore:programme-header');
  });

  it('says where and in which zone, in English and in Dutch, each marked with its language', () => {
    const page = renderFirstPage(shell, festival);
    expect(page).toContain('<h1 lang="en" data-first-page-lang="en">Programme</h1><h1 lang="nl" data-first-page-lang="nl">Programma</h1>');
    expect(page).toContain('<p class="muted" lang="en" data-first-page-lang="en">Strandeiland, Amsterdam. Times are festival time (America/New York).</p>');
    expect(page).toContain('<p class="muted" lang="nl" data-first-page-lang="nl">Strandeiland, Amsterdam. Tijden zijn festivaltijd (America/New York).</p>');
  });

  it("escapes the festival's text, which staff write", () => {
    const page = renderFirstPage(shell, { ...festival, venue: '<img src=x onerror=alert(1)> & "Pier"', name: "Rock'n<script>" });
    expect(page).not.toContain('<img');
    expect(page).not.toContain('<script>alert');
    expect(page).toContain('&#60;img src=x onerror=alert(1)&#62; &#38; &#34;Pier&#34;');
    expect(page).toContain('Rock&#39;n&#60;script&#62; has ended.');
  });

  it('leaves the shell as it is without a festival, or when the shell has no slot', () => {
    expect(renderFirstPage(shell, null)).toBe(shell);
    expect(renderFirstPage('<main></main>', festival)).toBe('<main></main>');
    expect(renderFirstPage(`<main>${HEADER_SLOT.start}</main>`, festival)).toBe(`<main>${HEADER_SLOT.start}</main>`);
  });

  it('takes a venue with $ patterns literally', () => {
    expect(renderFirstPage(shell, { ...festival, venue: "$& $' $1" })).toContain('>$&#38; $&#39; $1. Times are');
  });
});

describe('the "has ended" line', () => {
  it("is hidden, with a script that shows it when the device's clock is past the festival's last night", () => {
    const html = programmeHeaderHtml(festival);
    const endsAt = festivalEndsAt(festival).getTime();
    expect(html).toContain(`<div class="first-page-ended" hidden><p class="festival-state" lang="en" data-first-page-lang="en">Encore 2026 has ended. The programme stays here to look back on.</p>`);
    expect(html).toContain(`if(Date.now()>=${endsAt})s.hidden=false`);
  });

  it("ends when the app's last festival day ends: 06:00 the morning after the last day, in the festival's zone, unless the festival says otherwise", () => {
    // 2026-08-17 06:00 in New York (EDT, UTC-4) is 10:00 UTC.
    expect(festivalEndsAt(festival).toISOString()).toBe('2026-08-17T10:00:00.000Z');
    expect(festivalEndsAt({ ...festival, dayStartsAtHour: 4 }).toISOString()).toBe('2026-08-17T08:00:00.000Z');
  });

  it('runs as the parser runs it: shows the line from the end on, not before', () => {
    const endsAt = festivalEndsAt(festival).getTime();
    const script = /<script>(.*)<\/script>/.exec(programmeHeaderHtml(festival))![1]!;
    const shown = (now: number) => {
      const line = { hidden: true };
      new Function('document', 'Date', script)({ currentScript: { previousElementSibling: line } }, { now: () => now });
      return !line.hidden;
    };
    expect(shown(endsAt - 1)).toBe(false);
    expect(shown(endsAt)).toBe(true);
  });
});

describe('the countdown, before the festival', () => {
  const amsterdam: FirstPageFestival = { ...festival, timeZone: 'Europe/Amsterdam' };
  const firstSetAt = new Date('2026-08-14T10:00:00Z');
  const html = programmeHeaderHtml(amsterdam, { firstSetAt, now: new Date('2026-08-02T10:00:00Z') });
  const DAY = 86_400_000;

  it("says in both languages how many days until the first set, and when in the festival's zone, with the way to the line-up", () => {
    expect(html).toContain('<p class="festival-state" role="status" lang="en" data-first-page-lang="en">Encore 2026 starts in <span data-first-page-days data-one="# day" data-other="# days">12 days</span>: Fri 14 Aug, 12:00.</p>');
    expect(html).toContain('<p class="festival-state" role="status" lang="nl" data-first-page-lang="nl">Encore 2026 begint over <span data-first-page-days data-one="# dag" data-other="# dagen">12 dagen</span>: vr 14 aug, 12:00.</p>');
    expect(html).toContain('<p class="festival-state-lineup" lang="en" data-first-page-lang="en"><a href="/lineup">See who plays: the line-up A–Z</a></p>');
  });

  it('is not there without a first set to count down to', () => {
    expect(programmeHeaderHtml(amsterdam)).not.toContain('first-page-countdown');
  });

  it("is shown, counted by the device's clock, from more than a day before the first set; not closer to it, nor once the festival's first day has begun", () => {
    const script = /<div class="first-page-countdown" hidden>.*?<\/div><script>(.*?)<\/script>/.exec(html)![1]!;
    const run = (now: number) => {
      const spans = [
        { one: '# day', other: '# days', textContent: '' },
        { one: '# dag', other: '# dagen', textContent: '' },
      ].map((span) => ({ ...span, getAttribute: (name: string) => (name === 'data-one' ? span.one : span.other) }));
      const block = { hidden: true, querySelectorAll: () => spans };
      new Function('document', 'Date', script)({ currentScript: { previousElementSibling: block } }, { now: () => now, UTC: Date.UTC });
      return { shown: !block.hidden, counts: spans.map((span) => span.textContent) };
    };
    const at = firstSetAt.getTime();
    expect(run(at - 12 * DAY - 1)).toEqual({ shown: true, counts: ['12 days', '12 dagen'] });
    expect(run(at - DAY - 1)).toEqual({ shown: true, counts: ['1 day', '1 dag'] });
    // Calendar days in the festival's zone, as people count: any hour of 2 August is 12 days before the 14th.
    expect(run(new Date('2026-08-02T23:55:00+02:00').getTime())).toEqual({ shown: true, counts: ['12 days', '12 dagen'] });
    expect(run(new Date('2026-08-02T00:05:00+02:00').getTime())).toEqual({ shown: true, counts: ['12 days', '12 dagen'] });
    expect(run(new Date('2026-08-03T00:05:00+02:00').getTime())).toEqual({ shown: true, counts: ['11 days', '11 dagen'] });
    expect(run(at - DAY + 1).shown).toBe(false);
    // The first day (from 06:00 on the 14th in Amsterdam) has begun: the festival is on, however late its first set.
    const lateSet = programmeHeaderHtml(amsterdam, { firstSetAt: new Date('2026-08-16T10:00:00Z'), now: new Date('2026-08-02T10:00:00Z') });
    const lateScript = /<div class="first-page-countdown" hidden>.*?<\/div><script>(.*?)<\/script>/.exec(lateSet)![1]!;
    const shownAt = (now: string) => {
      const block = { hidden: true, querySelectorAll: () => [] };
      new Function('document', 'Date', lateScript)({ currentScript: { previousElementSibling: block } }, { now: () => new Date(now).getTime(), UTC: Date.UTC });
      return !block.hidden;
    };
    expect(shownAt('2026-08-14T03:59:59Z')).toBe(true);
    expect(shownAt('2026-08-14T04:00:00Z')).toBe(false);
  });

});

describe('the messages', () => {
  it('have the same placeholders in both languages', () => {
    const placeholders = (text: string) => [...text.matchAll(/\{(\w+)[,}]/g)].map((match) => match[1]).sort();
    for (const key of Object.keys(FIRST_PAGE_MESSAGES.en) as Array<keyof typeof FIRST_PAGE_MESSAGES.en>) expect(placeholders(FIRST_PAGE_MESSAGES.nl[key])).toEqual(placeholders(FIRST_PAGE_MESSAGES.en[key]));
  });
});

describe('firstPageAddress', () => {
  it("reads / as the shell's festival, /f/{id} and /f/{id}/ as that festival's, and nothing else as a festival", () => {
    expect(firstPageAddress('/')).toEqual({ kind: 'default' });
    expect(firstPageAddress('/f/zomer-klanken-2027/')).toEqual({ kind: 'festival', festivalId: 'zomer-klanken-2027' });
    expect(firstPageAddress('/f/zomer-klanken-2027')).toEqual({ kind: 'festival', festivalId: 'zomer-klanken-2027' });
    for (const path of ['/f/', '/f//', '/f/Zomer/', '/f/-x/', `/f/${'a'.repeat(81)}/`, '/f/a/lineup', '/f/..%2F/', '/lineup']) {
      expect([path, firstPageAddress(path)]).toEqual([path, { kind: 'none' }]);
    }
  });
});

describe("the festival's head", () => {
  const head = `<!doctype html><html lang="en"><head><meta name="description" content="Encore festival" /><meta name="theme-color" content="#24102f" /><link rel="manifest" href="/manifest.webmanifest" /><title>Encore</title></head><body><a href="/" class="brand">Encore</a><main>${HEADER_SLOT.start}${HEADER_SLOT.end}</main></body></html>`;
  const zomer: FirstPageFestival = { ...festival, name: 'Zomer Klanken 2027', shortName: 'Zomer', startsOn: '2027-07-02', endsOn: '2027-07-04', venue: 'Park', colours: { primary: '#1A6B3C', secondary: '#0B2545' } };
  const place = { origin: 'https://encore.example', base: '/f/zomer-klanken-2027' };

  it("titles the page with the festival's name and puts its colours on the root and in theme-color", () => {
    const page = renderFirstPage(head, zomer, undefined, place);
    expect(page).toContain('<title>Zomer Klanken 2027</title>');
    expect(page).toContain(`<html lang="en" style="${festivalThemeStyle(zomer.colours!)}">`);
    expect(festivalThemeStyle(zomer.colours!)).toMatch(/^--color-accent:#1a6b3c;--color-accent-hover:#[0-9a-f]{6};--color-on-accent:#ffffff;.*--color-night:#0b2545;/);
    expect(page).toContain('<meta name="theme-color" content="#0b2545" />');
  });

  it("links the festival's own manifest and programme at its address, the lineup too", () => {
    const page = renderFirstPage(head, zomer, { firstSetAt: new Date('2027-07-02T18:00:00Z'), now: new Date('2027-06-01T10:00:00Z') }, place);
    expect(page).toContain('<link rel="manifest" href="/f/zomer-klanken-2027/manifest.webmanifest" />');
    expect(page).toContain('<a href="/f/zomer-klanken-2027/" class="brand">');
    expect(page).toContain('<a href="/f/zomer-klanken-2027/lineup">See who plays');
  });

  it('keeps the default manifest, brand link and colours at /, for a festival without colours', () => {
    const page = renderFirstPage(head, festival, undefined, { origin: 'https://encore.example', base: '' });
    expect(page).toContain('<link rel="manifest" href="/manifest.webmanifest" />');
    expect(page).toContain('<a href="/" class="brand">');
    expect(page).toContain('<html lang="en">');
    expect(page).toContain('<meta name="theme-color" content="#24102f" />');
    expect(page).toContain('<meta property="og:url" content="https://encore.example/" />');
  });

  it('describes the festival for link previews: Open Graph and a Twitter card, the app icon as image', () => {
    const page = renderFirstPage(head, { ...zomer, description: '  Three days\n of   music.  ' }, undefined, place);
    const tags = page.slice(page.indexOf('</title>') + '</title>'.length, page.indexOf('</head>'));
    expect(tags).toBe(
      '<meta property="og:type" content="website" /><meta property="og:site_name" content="Zomer" /><meta property="og:title" content="Zomer Klanken 2027" />' +
        '<meta property="og:description" content="Three days of music." /><meta property="og:url" content="https://encore.example/f/zomer-klanken-2027/" />' +
        '<meta property="og:image" content="https://encore.example/icon-512.png" /><meta property="og:locale" content="en_GB" /><meta name="twitter:card" content="summary" />' +
        '<meta name="twitter:image" content="https://encore.example/icon-512.png" />',
    );
    expect(page).toContain('<meta name="description" content="Three days of music." />');
  });

  it('says when and where without a description, in the festival’s language, and cuts a long one', () => {
    // ICU puts thin or plain spaces around a range's dash, or none, by version.
    expect(festivalSummary(zomer)).toMatch(/^2\s?–\s?4 July 2027, Park$/);
    expect(festivalSummary({ ...zomer, defaultLanguage: 'nl', endsOn: '2027-08-01' })).toMatch(/^2 juli\s?–\s?1 augustus 2027, Park$/);
    const long = festivalSummary({ ...zomer, description: 'word '.repeat(100) });
    expect(long.length).toBe(200);
    expect(long.endsWith('word…')).toBe(true);
  });

  it("escapes every value from the festival's document, in text and in attributes", () => {
    const hostile = '"><script>alert(1)</script><meta x=\'';
    const page = renderFirstPage(head, { ...zomer, name: hostile, shortName: hostile, description: hostile, venue: hostile }, undefined, place);
    expect(page).not.toContain('<script>alert');
    expect(page).not.toContain(hostile);
    // The shell's two tags and the nine previews', none broken open.
    expect(page.match(/<meta /g)).toHaveLength(11);
    expect(page).toContain('<title>&#34;&#62;&#60;script&#62;alert(1)&#60;/script&#62;&#60;meta x=&#39;</title>');
    expect(page).toContain('<meta property="og:title" content="&#34;&#62;&#60;script&#62;alert(1)&#60;/script&#62;&#60;meta x=&#39;" />');
  });

  it('takes names with $ patterns literally', () => {
    const page = renderFirstPage(head, { ...zomer, name: "$& $' $1", description: '$`' }, undefined, place);
    expect(page).toContain('<title>$&#38; $&#39; $1</title>');
    expect(page).toContain('<meta name="description" content="$`" />');
  });
});

describe("the festival's head with its own icon and logo", () => {
  const head = `<!doctype html><html lang="en"><head><link rel="icon" href="/icon.svg" type="image/svg+xml" /><link rel="apple-touch-icon" href="/icon-192.png" /><title>Encore</title></head><body><main>${HEADER_SLOT.start}${HEADER_SLOT.end}</main></body></html>`;
  const place = { origin: 'https://encore.example', base: '/f/zomer' };
  const base = 'https://files.example/o/';

  it("links the tab's and Apple's icons to the festival's PNGs, and previews links with its logo, sized", () => {
    const brand = brandLinks({ icon: ICON, logo: LOGO }, base);
    const page = renderFirstPage(head, festival, undefined, place, brand);
    expect(page).toContain(`<link rel="icon" href="${brand.icons!.favicon.src}" type="image/png" sizes="192x192" />`);
    expect(page).toContain(`<link rel="apple-touch-icon" href="${brand.icons!.appleTouch}" />`);
    expect(page).not.toContain('/icon.svg');
    const logo = brand.preview!.url;
    expect(page).toContain(
      `<meta property="og:image" content="${logo}" /><meta property="og:image:type" content="image/jpeg" /><meta property="og:image:width" content="640" /><meta property="og:image:height" content="160" />`,
    );
    expect(page).toContain(`<meta name="twitter:image" content="${logo}" />`);
  });

  it("keeps the app's icons without the festival's", () => {
    const page = renderFirstPage(head, festival, undefined, place, brandLinks({ icon: null, logo: null }, base));
    expect(page).toContain('<link rel="icon" href="/icon.svg" type="image/svg+xml" /><link rel="apple-touch-icon" href="/icon-192.png" />');
    expect(page).toContain('<meta property="og:image" content="https://encore.example/icon-512.png" />');
  });
});
