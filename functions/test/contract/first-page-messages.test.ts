/**
 * The first page's header (domain/first-page.ts) says what the web app's programme page says
 * (React renders its own header over it): the same English `defaultMessage`s as the
 * components, the same Dutch as the web app's catalog. Read from the web app's sources, since
 * the two are built and deployed apart.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FIRST_PAGE_MESSAGES } from '../../src/domain/first-page.js';

const WEB = new URL('../../../web/src/', import.meta.url);
const source = (path: string) => readFileSync(new URL(path, WEB), 'utf8');
const dutch = { ...JSON.parse(source('i18n/nl/programme.json')), ...JSON.parse(source('i18n/nl/time.json')) } as Record<string, string>;

/** The `defaultMessage` given beside `id` in a source: a component's attributes, or a descriptor object. */
function englishOf(file: string, id: string): string {
  const escaped = id.replace(/\./g, '\\.');
  const match = new RegExp(`id="${escaped}"\\s+defaultMessage="([^"]*)"|id: '${escaped}', defaultMessage: '([^']*)'`).exec(source(file));
  if (!match) throw new Error(`${id} has no defaultMessage in ${file}`);
  return (match[1] ?? match[2])!;
}

const IDS = {
  title: ['features/programme/ProgrammeView.tsx', 'programme.view.title'],
  intro: ['features/programme/ProgrammeView.tsx', 'programme.view.intro'],
  ended: ['features/programme/FestivalState.tsx', 'programme.festivalState.ended'],
  countdownDays: ['features/programme/FestivalState.tsx', 'programme.festivalState.countdownDays'],
  lineup: ['features/programme/FestivalState.tsx', 'programme.festivalState.lineup'],
  dayTime: ['time/format.ts', 'time.format.dayTime'],
} as const;

describe("the first page's header", () => {
  for (const [key, [file, id]] of Object.entries(IDS) as Array<[keyof typeof IDS, (typeof IDS)[keyof typeof IDS]]>) {
    it(`says ${id} as the app does, in English and Dutch`, () => {
      expect(FIRST_PAGE_MESSAGES.en[key]).toBe(englishOf(file, id));
      expect(FIRST_PAGE_MESSAGES.nl[key]).toBe(dutch[id]);
    });
  }
});
