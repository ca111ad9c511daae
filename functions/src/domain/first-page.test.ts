import { describe, expect, it } from 'vitest';
import { FIRST_PAGE_MESSAGES, HEADER_SLOT, festivalEndsAt, programmeHeaderHtml, renderFirstPage, type FirstPageFestival } from './first-page.js';

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
      new Function('document', 'Date', script)({ currentScript: { previousElementSibling: block } }, { now: () => now });
      return { shown: !block.hidden, counts: spans.map((span) => span.textContent) };
    };
    const at = firstSetAt.getTime();
    expect(run(at - 12 * DAY - 1)).toEqual({ shown: true, counts: ['12 days', '12 dagen'] });
    expect(run(at - DAY - 1)).toEqual({ shown: true, counts: ['1 day', '1 dag'] });
    expect(run(at - DAY + 1).shown).toBe(false);
    // The first day (from 06:00 on the 14th in Amsterdam) has begun: the festival is on, however late its first set.
    const lateSet = programmeHeaderHtml(amsterdam, { firstSetAt: new Date('2026-08-16T10:00:00Z'), now: new Date('2026-08-02T10:00:00Z') });
    const lateScript = /<div class="first-page-countdown" hidden>.*?<\/div><script>(.*?)<\/script>/.exec(lateSet)![1]!;
    const shownAt = (now: string) => {
      const block = { hidden: true, querySelectorAll: () => [] };
      new Function('document', 'Date', lateScript)({ currentScript: { previousElementSibling: block } }, { now: () => new Date(now).getTime() });
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
