/**
 * The programme page's first HTML (issue 20: its largest paint under 1.5 s on a phone on slow
 * 4G): the web app's static shell (`app.html`, built by Vite) with the programme's header
 * written in from the festival's document, so the line a visitor reads first (where, and in
 * which time zone the times are) is painted with the HTML itself instead of after ~100 KB of
 * JavaScript and the bundle. React replaces it with the same header on its first render
 * (web/src/features/programme/ProgrammeView.tsx; `web/src/features/programme/first-page.test.tsx`
 * holds the two to the same words in both languages).
 *
 * Both languages are written: the CDN caches one page for everyone, and the shell's first
 * script sets `<html lang>` from the visitor's choice or browser before the first paint, which
 * a stylesheet rule turns into showing one of them (web/src/styles/shell.css, `[data-first-page-lang]`).
 * The "has ended" line is there too, shown by a one-line script only when the visitor's own
 * clock says the festival is over: the page is cached for minutes, and the app decides the
 * festival's phase by the device's clock, so the two never disagree on screen.
 */
import { festivalDays, type Festival } from '@encore/model';

/** The shell's path on the web app's origin (web/vite/app-shell.ts). */
export const APP_SHELL_PATH = '/app.html';

/**
 * Where the header goes in the shell (web/index.html, inside `<main>`): between these two
 * comments, in place of the header's placeholder shapes, which stay in the shell other routes
 * and the service worker serve.
 */
export const HEADER_SLOT = { start: '<!--encore:programme-header-->', end: '<!--/encore:programme-header-->' } as const;

export type FirstPageFestival = Pick<Festival, 'name' | 'venue' | 'timeZone' | 'startsOn' | 'endsOn' | 'dayStartsAtHour'>;

export type FirstPageLanguage = 'en' | 'nl';

/**
 * The header's words, as the web app's catalogs have them (`programme.view.title`,
 * `programme.view.intro`, `programme.festivalState.ended`: English `defaultMessage`s in the
 * components, Dutch in web/src/i18n/nl/programme.json).
 */
export const FIRST_PAGE_MESSAGES: Record<FirstPageLanguage, { title: string; intro: string; ended: string }> = {
  en: {
    title: 'Programme',
    intro: '{venue}. Times are festival time ({zone}).',
    ended: '{festival} has ended. The programme stays here to look back on.',
  },
  nl: {
    title: 'Programma',
    intro: '{venue}. Tijden zijn festivaltijd ({zone}).',
    ended: '{festival} is afgelopen. Het programma blijft hier staan om op terug te kijken.',
  },
};

const LANGUAGES: FirstPageLanguage[] = ['en', 'nl'];

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** `{name}` placeholders filled with escaped values (the messages themselves are plain text). */
function fill(message: string, values: Record<string, string>): string {
  return message.replace(/\{(\w+)\}/g, (_, name: string) => escapeHtml(values[name] ?? ''));
}

/** One element per language; the stylesheet shows the one `<html lang>` names. */
function perLanguage(tag: 'h1' | 'p', attributes: string, text: (language: FirstPageLanguage) => string): string {
  return LANGUAGES.map((language) => `<${tag}${attributes} lang="${language}" data-first-page-lang="${language}">${text(language)}</${tag}>`).join('');
}

/** The instant the festival's last night ends: after it, the app says the festival has ended (web/src/festival/festival-phase.ts). */
export function festivalEndsAt(festival: FirstPageFestival): Date {
  const days = festivalDays(festival);
  return days[days.length - 1]!.endsAt;
}

/**
 * The programme page's header as ProgrammeView renders it: the title, the venue and zone, and
 * (hidden until the visitor's clock is past `festivalEndsAt`) the "has ended" line.
 */
export function programmeHeaderHtml(festival: FirstPageFestival): string {
  const zone = festival.timeZone.replace('_', ' ');
  const title = perLanguage('h1', '', (language) => escapeHtml(FIRST_PAGE_MESSAGES[language].title));
  const intro = perLanguage('p', ' class="muted"', (language) => fill(FIRST_PAGE_MESSAGES[language].intro, { venue: festival.venue, zone }));
  const ended = perLanguage('p', ' class="festival-state"', (language) => fill(FIRST_PAGE_MESSAGES[language].ended, { festival: festival.name }));
  const endsAt = festivalEndsAt(festival).getTime();
  // Before the first paint, as the parser reaches it: shown when this device's clock says the festival is over.
  const showIfEnded = `<script>(function(s){if(Date.now()>=${endsAt})s.hidden=false})(document.currentScript.previousElementSibling)</script>`;
  return `<div class="programme"><header class="page-header programme-header">${title}${intro}<div class="first-page-ended" hidden>${ended}</div>${showIfEnded}</header></div>`;
}

/**
 * The shell with the header written into its slot. Without a festival, or a shell without the
 * slot, the shell as it is: the app renders the header itself.
 */
export function renderFirstPage(shell: string, festival: FirstPageFestival | null): string {
  const start = shell.indexOf(HEADER_SLOT.start);
  const end = shell.indexOf(HEADER_SLOT.end, start);
  if (!festival || start < 0 || end < 0) return shell;
  return shell.slice(0, start) + programmeHeaderHtml(festival) + shell.slice(end + HEADER_SLOT.end.length);
}
