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

describe('the messages', () => {
  it('have the same placeholders in both languages', () => {
    const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();
    for (const key of ['title', 'intro', 'ended'] as const) expect(placeholders(FIRST_PAGE_MESSAGES.nl[key])).toEqual(placeholders(FIRST_PAGE_MESSAGES.en[key]));
  });
});
