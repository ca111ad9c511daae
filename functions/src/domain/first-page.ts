/**
 * The programme page's first HTML (issue 20: its largest paint under 1.5 s on a phone on slow
 * 4G): the web app's static shell (`app.html`, built by Vite) with the programme's header
 * written in from the festival's document, so the line a visitor reads first (where, and in
 * which time zone the times are) is painted with the HTML itself instead of after ~100 KB of
 * JavaScript and the bundle. React replaces it with the same header on its first render
 * (web/src/features/programme/ProgrammeView.tsx): `test/contract/first-page-messages.test.ts`
 * holds the two to the same words in both languages, and web/test/browser/shell.test.ts ("the
 * first HTML of the programme") to the same lines in the same places, at every clock.
 *
 * Both languages are written: the CDN caches one page for everyone, and the shell's first
 * script sets `<html lang>` from the visitor's choice or browser before the first paint, which
 * a stylesheet rule turns into showing one of them (web/src/styles/shell.css, `[data-first-page-lang]`).
 * The "has ended" line is there too, shown by a one-line script only when the visitor's own
 * clock says the festival is over, and before the festival the countdown, shown and counted
 * the same way: the page is cached for a minute, and the app decides the festival's phase by
 * the device's clock, so the two never disagree on screen.
 */
import { calendarDateIn, calendarDaysBetween, festivalDays, festivalThemeProperties, slugIdSchema, type Festival } from '@encore/model';
import { NO_BRAND, type BrandLinks } from './brand-links.js';

/** The shell's path on the web app's origin (web/vite/app-shell.ts). */
export const APP_SHELL_PATH = '/app.html';

/**
 * Where the header goes in the shell (web/index.html, inside `<main>`): between these two
 * comments, in place of the header's placeholder shapes, which stay in the shell other routes
 * and the service worker serve.
 */
export const HEADER_SLOT = { start: '<!--encore:programme-header-->', end: '<!--/encore:programme-header-->' } as const;

export type FirstPageFestival = Pick<Festival, 'name' | 'venue' | 'timeZone' | 'startsOn' | 'endsOn' | 'dayStartsAtHour'> &
  Partial<Pick<Festival, 'shortName' | 'description' | 'colours' | 'defaultLanguage'>>;

/**
 * Which first page an address asks for (issue 35): `/`, the home festival (the handler
 * decides which); `/f/{festivalId}` or `/f/{festivalId}/`, that festival's; anything else (an id that
 * is not a slug), none.
 */
export type FirstPageAddress = { kind: 'default' } | { kind: 'festival'; festivalId: string } | { kind: 'none' };

export function firstPageAddress(path: string): FirstPageAddress {
  if (path === '/' || path === '') return { kind: 'default' };
  const id = /^\/f\/([^/]+)\/?$/.exec(path)?.[1];
  if (id !== undefined && slugIdSchema.safeParse(id).success) return { kind: 'festival', festivalId: id };
  return { kind: 'none' };
}

/**
 * What `/` opens, for the app to follow without asking again (web/src/config/home-route.ts):
 * `<meta name="encore-home" content="{festivalId}">`, or an empty content for the chooser
 * (no festival to open). Only `/`'s page carries it; the id is a slug, so needs no escaping
 * beyond what it gets.
 */
export function withHomeChoice(shell: string, festivalId: string | null): string {
  const tag = `<meta name="encore-home" content="${escapeHtml(festivalId ?? '')}" />`;
  const headEnd = shell.indexOf('</head>');
  return headEnd < 0 ? tag + shell : shell.slice(0, headEnd) + tag + shell.slice(headEnd);
}

/** Where a festival's pages live: `/f/{festivalId}` (its programme is `/f/{festivalId}/`). */
export function festivalBasePath(festivalId: string): string {
  return `/f/${festivalId}`;
}

/**
 * Where the page is served: the public origin (for the absolute addresses Open Graph wants)
 * and the festival's base path, `''` at `/` (the build's own festival) or `/f/{festivalId}`.
 */
export interface FirstPagePlace {
  origin: string;
  base: string;
}

export type FirstPageLanguage = 'en' | 'nl';

/**
 * The header's words, as the web app's catalogs have them (`programme.view.title`,
 * `programme.view.intro`, `programme.festivalState.ended`, `…countdownDays`, `…lineup`,
 * `time.format.dayTime`: English `defaultMessage`s in the components, Dutch in
 * web/src/i18n/nl/), ICU as there; the countdown's plural is the one ICU construct used.
 */
export const FIRST_PAGE_MESSAGES: Record<FirstPageLanguage, { title: string; intro: string; ended: string; countdownDays: string; lineup: string; dayTime: string }> = {
  en: {
    title: 'Programme',
    intro: '{venue}. Times are festival time ({zone}).',
    ended: '{festival} has ended. The programme stays here to look back on.',
    countdownDays: '{festival} starts in {days, plural, one {# day} other {# days}}: {when}.',
    lineup: 'See who plays: the line-up A–Z',
    dayTime: '{day}, {time}',
  },
  nl: {
    title: 'Programma',
    intro: '{venue}. Tijden zijn festivaltijd ({zone}).',
    ended: '{festival} is afgelopen. Het programma blijft hier staan om op terug te kijken.',
    countdownDays: '{festival} begint over {days, plural, one {# dag} other {# dagen}}: {when}.',
    lineup: 'Bekijk wie er speelt: de line-up van A tot Z',
    dayTime: '{day}, {time}',
  },
};

/** The locale each language formats dates in (web/src/i18n/locales.ts, `FORMAT_LOCALE`). */
const FORMAT_LOCALE: Record<FirstPageLanguage, string> = { en: 'en-GB', nl: 'nl-NL' };

const DAY_MS = 86_400_000;

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

/** "Fri 14 Aug, 12:00" in the festival's zone, as web/src/time/format.ts's `shortInstantLabel` says it. */
export function shortInstantLabel(language: FirstPageLanguage, instant: Date, timeZone: string): string {
  const locale = FORMAT_LOCALE[language];
  const day = new Intl.DateTimeFormat(locale, { weekday: 'short', day: 'numeric', month: 'short', timeZone }).format(instant);
  const time = new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }).format(instant);
  return FIRST_PAGE_MESSAGES[language].dayTime.replace('{day}', day).replace('{time}', time);
}

const DAYS_PLURAL = /\{days, plural, one \{([^{}]*)\} other \{([^{}]*)\}\}/;

/**
 * "Encore 2026 starts in 12 days: …": the day count in a span that carries both plural forms,
 * which the page's script fills from the device's clock.
 */
function countdownText(language: FirstPageLanguage, values: Record<string, string>, days: number): string {
  const message = FIRST_PAGE_MESSAGES[language].countdownDays;
  const plural = DAYS_PLURAL.exec(message)!;
  const [whole, one, other] = plural as unknown as [string, string, string];
  const count = escapeHtml((days === 1 ? one : other).replace('#', String(days)));
  const span = `<span data-first-page-days data-one="${escapeHtml(one)}" data-other="${escapeHtml(other)}">${count}</span>`;
  return fill(message.slice(0, plural.index), values) + span + fill(message.slice(plural.index + whole.length), values);
}

/**
 * Before the festival (web/src/features/programme/FestivalState.tsx, `FestivalCountdown`): how
 * many days until the first set, and the way to the line-up; hidden, and shown by its script
 * when the device's clock is before the first festival day and at least a day before that
 * set (closer, the app says "starts in 2 h", which it renders itself). The days are calendar
 * days in the festival's zone, as the app counts them (`calendarDaysBetween`): the script reads
 * the device's date on the festival's calendar (`en-CA` formats it YYYY-MM-DD).
 */
function countdownHtml(festival: FirstPageFestival, firstSetAt: Date, now: Date, base: string): string {
  const days = Math.max(0, calendarDaysBetween(now, firstSetAt, festival.timeZone));
  const [year, month, day] = calendarDateIn(firstSetAt, festival.timeZone).split('-').map(Number) as [number, number, number];
  const state = perLanguage('p', ' class="festival-state" role="status"', (language) =>
    countdownText(language, { festival: festival.name, when: shortInstantLabel(language, firstSetAt, festival.timeZone) }, days),
  );
  const lineup = perLanguage('p', ' class="festival-state-lineup"', (language) => `<a href="${escapeHtml(base)}/lineup">${escapeHtml(FIRST_PAGE_MESSAGES[language].lineup)}</a>`);
  const firstDayStartsAt = festivalDays(festival)[0]!.startsAt.getTime();
  const show =
    `<script>(function(b){var now=Date.now(),left=${firstSetAt.getTime()}-now;if(now>=${firstDayStartsAt}||left<${DAY_MS})return;` +
    `var d=new Intl.DateTimeFormat('en-CA',{timeZone:${JSON.stringify(festival.timeZone)}}).format(now).split('-'),days=Math.round((${Date.UTC(year, month - 1, day)}-Date.UTC(d[0],d[1]-1,d[2]))/${DAY_MS});` +
    `b.querySelectorAll('[data-first-page-days]').forEach(function(s){s.textContent=s.getAttribute(days===1?'data-one':'data-other').replace('#',days)});b.hidden=false})(document.currentScript.previousElementSibling)</script>`;
  return `<div class="first-page-countdown" hidden>${state}${lineup}</div>${show}`;
}

/**
 * The programme page's header as ProgrammeView renders it: the title, the venue and zone, and
 * (hidden until the visitor's clock is past `festivalEndsAt`) the "has ended" line; with
 * `countdown` (before the festival: when its first set starts, and the time of the page),
 * the countdown too. `base` is the festival's base path, which its links start with.
 */
export function programmeHeaderHtml(festival: FirstPageFestival, countdown?: { firstSetAt: Date; now: Date }, base = ''): string {
  const zone = festival.timeZone.replace('_', ' ');
  const title = perLanguage('h1', '', (language) => escapeHtml(FIRST_PAGE_MESSAGES[language].title));
  const intro = perLanguage('p', ' class="muted"', (language) => fill(FIRST_PAGE_MESSAGES[language].intro, { venue: festival.venue, zone }));
  const ended = perLanguage('p', ' class="festival-state"', (language) => fill(FIRST_PAGE_MESSAGES[language].ended, { festival: festival.name }));
  const endsAt = festivalEndsAt(festival).getTime();
  // Before the first paint, as the parser reaches it: shown when this device's clock says the festival is over.
  const showIfEnded = `<script>(function(s){if(Date.now()>=${endsAt})s.hidden=false})(document.currentScript.previousElementSibling)</script>`;
  const before = countdown ? countdownHtml(festival, countdown.firstSetAt, countdown.now, base) : '';
  return `<div class="programme"><header class="page-header programme-header">${title}${intro}<div class="first-page-ended" hidden>${ended}</div>${showIfEnded}${before}</header></div>`;
}

/**
 * The shell with the header written into its slot and, given where the page is served, the
 * festival's name, look (its own icons and logo with `brand`) and description in its head
 * (`festivalHead`). Without a festival, the shell as it is: the app renders the header
 * itself; a shell without the slot keeps its placeholders.
 */
export function renderFirstPage(shell: string, festival: FirstPageFestival | null, countdown?: { firstSetAt: Date; now: Date }, place?: FirstPagePlace, brand: BrandLinks = NO_BRAND): string {
  if (!festival) return shell;
  const page = place ? festivalHead(shell, festival, place, brand) : shell;
  const start = page.indexOf(HEADER_SLOT.start);
  const end = page.indexOf(HEADER_SLOT.end, start);
  if (start < 0 || end < 0) return page;
  return page.slice(0, start) + programmeHeaderHtml(festival, countdown, place?.base) + page.slice(end + HEADER_SLOT.end.length);
}

/** The app's icons (web/public), where the festival has uploaded none: the largest for link previews. */
export const APP_ICON_PREVIEW = '/icon-512.png';

/** How long a description a link preview shows before it is cut. */
const PREVIEW_DESCRIPTION_LENGTH = 200;

const OG_LOCALE: Record<FirstPageLanguage, string> = { en: 'en_GB', nl: 'nl_NL' };

/** The festival's description in one line, cut to a preview's length; else its dates and venue ("14–16 August 2026, Pier"). */
export function festivalSummary(festival: FirstPageFestival): string {
  const description = festival.description?.replace(/\s+/g, ' ').trim();
  if (description) return description.length <= PREVIEW_DESCRIPTION_LENGTH ? description : `${description.slice(0, PREVIEW_DESCRIPTION_LENGTH - 1).trimEnd()}…`;
  const day = (iso: string) => new Date(`${iso}T00:00:00Z`);
  const dates = new Intl.DateTimeFormat(FORMAT_LOCALE[festival.defaultLanguage ?? 'en'], { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).formatRange(day(festival.startsOn), day(festival.endsOn));
  return `${dates}, ${festival.venue}`;
}

/** The custom properties of the festival's colours as an inline style (the app's tokens: @encore/model's `festivalThemeProperties`). */
export function festivalThemeStyle(colours: NonNullable<Festival['colours']>): string {
  return Object.entries(festivalThemeProperties(colours))
    .map(([property, value]) => `${property}:${value}`)
    .join(';');
}

/**
 * The shell's head made the festival's, for what shows before any script and what link
 * previews read: `<title>` and the description; with colours, the app's colour tokens on
 * `<html style>` (an inline style, so it holds in the dark theme too, as the app sets them)
 * and `<meta name="theme-color">` (the night band's colour); with its own icon, the tab's
 * icon and Apple's touch icon; on a festival's own address, its web manifest and the brand
 * link to its programme; and Open Graph and Twitter tags, whose image is its logo (else its
 * icon, else the app's). Every value from the festival's documents is escaped.
 */
export function festivalHead(shell: string, festival: FirstPageFestival, place: FirstPagePlace, brand: BrandLinks = NO_BRAND): string {
  const name = escapeHtml(festival.name);
  const summary = escapeHtml(festivalSummary(festival));
  const url = `${place.origin}${place.base}/`;
  let page = shell
    .replace(/<title>[^<]*<\/title>/, () => `<title>${name}</title>`)
    .replace(/(<meta name="description" content=")[^"]*(")/, (_, before: string, after: string) => `${before}${summary}${after}`);
  if (festival.colours) {
    const { secondary } = festival.colours;
    page = page
      .replace(/(<meta name="theme-color" content=")[^"]*(")/, (_, before: string, after: string) => `${before}${escapeHtml(secondary.toLowerCase())}${after}`)
      .replace(/<html\b([^>]*)>/, (_, attributes: string) => `<html${attributes} style="${escapeHtml(festivalThemeStyle(festival.colours!))}">`);
  }
  if (brand.icons) {
    const { favicon, appleTouch } = brand.icons;
    page = page
      .replace(/<link rel="icon"[^>]*>/, () => `<link rel="icon" href="${escapeHtml(favicon.src)}" type="${favicon.type}" sizes="${favicon.sizes}" />`)
      .replace(/(<link rel="apple-touch-icon" href=")[^"]*(")/, (_, before: string, after: string) => `${before}${escapeHtml(appleTouch)}${after}`);
  }
  if (place.base) {
    const base = escapeHtml(place.base);
    page = page
      .replace(/(<link rel="manifest" href=")[^"]*(")/, (_, before: string, after: string) => `${before}${base}/manifest.webmanifest${after}`)
      .replace(/<a href="\/" class="brand">/, () => `<a href="${base}/" class="brand">`);
  }
  const meta = (attribute: 'property' | 'name', key: string, value: string) => `<meta ${attribute}="${key}" content="${value}" />`;
  const image = escapeHtml(brand.preview?.url ?? `${place.origin}${APP_ICON_PREVIEW}`);
  // Its size lets a crawler lay the preview out before it has fetched the image.
  const imageFacts = brand.preview
    ? [meta('property', 'og:image:type', brand.preview.type), meta('property', 'og:image:width', String(brand.preview.width)), meta('property', 'og:image:height', String(brand.preview.height))]
    : [];
  const tags = [
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', escapeHtml(festival.shortName ?? festival.name)),
    meta('property', 'og:title', name),
    meta('property', 'og:description', summary),
    meta('property', 'og:url', escapeHtml(url)),
    meta('property', 'og:image', image),
    ...imageFacts,
    meta('property', 'og:locale', OG_LOCALE[festival.defaultLanguage ?? 'en']),
    meta('name', 'twitter:card', 'summary'),
    meta('name', 'twitter:image', image),
  ].join('');
  const headEnd = page.indexOf('</head>');
  return headEnd < 0 ? page : page.slice(0, headEnd) + tags + page.slice(headEnd);
}
