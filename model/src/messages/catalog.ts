import type { Locale } from '../schemas/user.js';
import type { Rejection } from '../schemas/rejection.js';
import type { ImportProblem } from '../callables/import-programme.js';
import { festivalClock, festivalMoment } from './format.js';
import { importErrorMessages } from './import-errors.js';
import type { HelpKind } from '../schemas/help.js';

/** Help request kinds as staff's pushes name them. */
const HELP_KIND_NAMES: Record<Locale, Record<HelpKind, string>> = {
  en: { 'first-aid': 'first aid', safety: 'safety', 'lost-person': 'lost person', accessibility: 'accessibility', other: 'other' },
  nl: { 'first-aid': 'EHBO', safety: 'veiligheid', 'lost-person': 'vermist persoon', accessibility: 'toegankelijkheid', other: 'anders' },
};

/**
 * Every message the backend writes for people to read (notice texts, push titles and
 * bodies), in every language Encore speaks, in one place. Functions render them in the
 * recipient's language (their `users/{uid}` locale); the web app renders notices from their
 * kind and parameters with the same catalog, in the reader's current language.
 *
 * Each entry is a function per language rather than an ICU string: the parameters are
 * typed, a missing language is a type error (and `catalog.test.ts` checks it at run time
 * too), and dates go through `format.ts` so they always show festival time.
 */
export interface MessageParams {
  noticeMoved: { artist: string; stage: string; startsAt: Date; timeZone: string };
  noticeCancelled: { artist: string };
  /** Issue 36: a stage running late, told with the reader's first set it moved. */
  noticeDelayed: { stage: string; minutes: number; artist: string; startsAt: Date; previousStartsAt: Date; timeZone: string };
  noticeDelayUndone: { stage: string; minutes: number; artist: string; startsAt: Date; previousStartsAt: Date; timeZone: string };
  pushDelayedTitle: { stage: string; minutes: number };
  pushDelayUndoneTitle: { stage: string };
  noticePhotoReady: Record<string, never>;
  noticePhotoRejected: { reason?: string | undefined };
  noticeAnnouncement: { title: string };
  /** `place` absent: a point of the plan the member did not name ("a point on the map"). */
  noticeMeetup: { group: string; place?: string | undefined; at: Date; timeZone: string };
  /** A help request's step, to its requester (issue 36). */
  noticeHelp: { status: 'on-the-way' | 'resolved' };
  /** A new help request, to staff who asked for pushes: its kind, in the staff member's language. */
  pushHelpTitle: { kind: HelpKind };
  pushHelpBody: { note: string };
  pushUrgentTitle: { title: string };
  pushMeetupTitle: { group: string };
  allClearTitle: { title: string };
  allClearBody: Record<string, never>;
  pushMovedTitle: { artist: string };
  pushCancelledTitle: { artist: string };
  pushScheduleChangeTitle: Record<string, never>;
  pushReminderTitle: { artist: string; minutes: number };
  pushReminderBody: { stage: string; startsAt: Date; timeZone: string };
  /** Why the image pipeline refused an upload (photos, staff's images). */
  rejection: Rejection;
  /** Why a programme import refused a row, naming the cell. */
  importError: { cell: string | null; problem: ImportProblem };
}
export type MessageId = keyof MessageParams;

type Catalog = { [K in MessageId]: Record<Locale, (params: MessageParams[K]) => string> };

export const catalog: Catalog = {
  noticeMoved: {
    en: ({ artist, stage, startsAt, timeZone }) => `${artist} moved: now ${festivalMoment('en', startsAt, timeZone)} on ${stage}.`,
    nl: ({ artist, stage, startsAt, timeZone }) => `${artist} is verplaatst: nu ${festivalMoment('nl', startsAt, timeZone)} op ${stage}.`,
  },
  noticeCancelled: {
    en: ({ artist }) => `${artist} is cancelled.`,
    nl: ({ artist }) => `${artist} is afgelast.`,
  },
  noticeDelayed: {
    en: ({ stage, minutes, artist, startsAt, previousStartsAt, timeZone }) =>
      `${stage} runs ${minutes} min late: ${artist} now ${festivalClock('en', startsAt, timeZone)} (was ${festivalClock('en', previousStartsAt, timeZone)}).`,
    nl: ({ stage, minutes, artist, startsAt, previousStartsAt, timeZone }) =>
      `${stage} loopt ${minutes} min uit: ${artist} nu om ${festivalClock('nl', startsAt, timeZone)} (was ${festivalClock('nl', previousStartsAt, timeZone)}).`,
  },
  noticeDelayUndone: {
    en: ({ stage, minutes, artist, startsAt, previousStartsAt, timeZone }) =>
      `${stage}'s ${minutes} min delay is withdrawn: ${artist} at ${festivalClock('en', startsAt, timeZone)} again (not ${festivalClock('en', previousStartsAt, timeZone)}).`,
    nl: ({ stage, minutes, artist, startsAt, previousStartsAt, timeZone }) =>
      `De ${minutes} min vertraging op ${stage} is ingetrokken: ${artist} weer om ${festivalClock('nl', startsAt, timeZone)} (niet ${festivalClock('nl', previousStartsAt, timeZone)}).`,
  },
  pushDelayedTitle: {
    en: ({ stage, minutes }) => `${stage} runs ${minutes} min late`,
    nl: ({ stage, minutes }) => `${stage} loopt ${minutes} min uit`,
  },
  pushDelayUndoneTitle: {
    en: ({ stage }) => `${stage} is back on its times`,
    nl: ({ stage }) => `${stage} houdt weer de oude tijden aan`,
  },
  noticePhotoReady: {
    en: () => 'Your photo is up.',
    nl: () => 'Je foto staat op de fotomuur.',
  },
  noticePhotoRejected: {
    en: ({ reason }) => `Your photo was not accepted: ${reason ?? 'it could not be processed.'}`,
    nl: ({ reason }) => `Je foto is niet geaccepteerd: ${reason ?? 'hij kon niet worden verwerkt.'}`,
  },
  noticeAnnouncement: {
    en: ({ title }) => `Announcement: ${title}`,
    nl: ({ title }) => `Mededeling: ${title}`,
  },
  noticeMeetup: {
    en: ({ group, place, at, timeZone }) => `${group}: meet at ${place ?? 'a point on the map'}, ${festivalMoment('en', at, timeZone)}.`,
    nl: ({ group, place, at, timeZone }) => `${group}: afspreken bij ${place ?? 'een punt op de kaart'}, ${festivalMoment('nl', at, timeZone)}.`,
  },
  noticeHelp: {
    en: ({ status }) => (status === 'on-the-way' ? 'Help is on the way: stay where you are if you can.' : 'Your help request is closed.'),
    nl: ({ status }) => (status === 'on-the-way' ? 'Er komt hulp aan: blijf als het kan waar je bent.' : 'Je hulpvraag is afgesloten.'),
  },
  pushHelpTitle: {
    en: ({ kind }) => `Help request: ${HELP_KIND_NAMES.en[kind]}`,
    nl: ({ kind }) => `Hulpvraag: ${HELP_KIND_NAMES.nl[kind]}`,
  },
  pushHelpBody: {
    en: ({ note }) => note || 'Open the console to see it.',
    nl: ({ note }) => note || 'Open de console om hem te zien.',
  },
  pushMeetupTitle: {
    en: ({ group }) => `Meet-up: ${group}`,
    nl: ({ group }) => `Afspraak: ${group}`,
  },
  pushUrgentTitle: {
    en: ({ title }) => `Urgent: ${title}`,
    nl: ({ title }) => `Dringend: ${title}`,
  },
  allClearTitle: {
    en: ({ title }) => `All clear: ${title}`,
    nl: ({ title }) => `Alles veilig: ${title}`,
  },
  allClearBody: {
    en: () => 'The situation is over. You can carry on as normal; follow the stewards if they tell you otherwise.',
    nl: () => 'De situatie is voorbij. Je kunt weer gewoon je gang gaan; volg de stewards als zij iets anders zeggen.',
  },
  pushMovedTitle: {
    en: ({ artist }) => `Set moved: ${artist}`,
    nl: ({ artist }) => `Set verplaatst: ${artist}`,
  },
  pushCancelledTitle: {
    en: ({ artist }) => `Cancelled: ${artist}`,
    nl: ({ artist }) => `Afgelast: ${artist}`,
  },
  pushScheduleChangeTitle: {
    en: () => 'A change to your schedule',
    nl: () => 'Een wijziging in je schema',
  },
  pushReminderTitle: {
    en: ({ artist, minutes }) => `${artist} starts in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`,
    nl: ({ artist, minutes }) => `${artist} begint over ${minutes} ${minutes === 1 ? 'minuut' : 'minuten'}`,
  },
  pushReminderBody: {
    en: ({ stage, startsAt, timeZone }) => `On ${stage} at ${festivalClock('en', startsAt, timeZone)}.`,
    nl: ({ stage, startsAt, timeZone }) => `Op ${stage} om ${festivalClock('nl', startsAt, timeZone)}.`,
  },
  importError: importErrorMessages,
  rejection: {
    en: (rejection) => {
      switch (rejection.code) {
        case 'empty':
          return 'The file is empty (0 bytes).';
        case 'too-large':
          return `The file is ${megabytes('en', rejection.bytes)} MB; images can be at most ${megabytes('en', rejection.limit, 0)} MB.`;
        case 'heic':
          return "HEIC photos aren't supported yet: export as JPEG (on iPhone: Settings > Camera > Formats > Most Compatible).";
        case 'svg':
          return 'SVG drawings are not accepted: upload a photo (JPEG, PNG, WebP, AVIF, TIFF or GIF).';
        case 'unknown':
          return 'This file is not an image Encore can read: upload a JPEG, PNG, WebP, AVIF, TIFF or GIF.';
        case 'too-many-pixels':
          return `The image is ${rejection.width ?? '?'}×${rejection.height ?? '?'} pixels (${megapixels(rejection.width, rejection.height)} megapixels); the limit is ${megapixels(rejection.limit, 1)} megapixels.`;
        case 'corrupt':
          return 'The image is damaged or incomplete (was the upload cut off?): please upload it again.';
        case 'no-festival':
          return 'This festival does not exist (any more).';
        case 'gone':
          return 'The uploaded file was gone before it could be read: please upload it again.';
        case 'quota':
          return `You have reached today's limit of ${rejection.limit ?? '?'} photo uploads; you can upload more tomorrow.`;
        case 'unprocessable':
          return 'The image could not be processed, even after several attempts: please upload it again.';
        case 'implausible-size':
          return `The image says it is ${rejection.width ?? '?'}×${rejection.height ?? '?'} pixels, far more than a file of ${kilobytes('en', rejection.bytes)} KB can hold for a real photo: upload the photo itself.`;
        case 'festival-busy':
          return `So many photos are being uploaded to this festival right now (at most ${rejection.limit ?? '?'} an hour, from everyone) that yours could not be taken: please upload it again in ${rejection.retryInMinutes ?? 60} minutes.`;
        case 'icon-not-square':
          return `The app icon is ${rejection.width ?? '?'}×${rejection.height ?? '?'} pixels: it must be square (or nearly), as phones show it in a square or a circle.`;
        case 'icon-too-small':
          return `The app icon is ${rejection.width ?? '?'}×${rejection.height ?? '?'} pixels; it must be at least ${rejection.limit ?? '?'}×${rejection.limit ?? '?'} pixels to stay sharp on a home screen.`;
      }
    },
    nl: (rejection) => {
      switch (rejection.code) {
        case 'empty':
          return 'Het bestand is leeg (0 bytes).';
        case 'too-large':
          return `Het bestand is ${megabytes('nl', rejection.bytes)} MB; afbeeldingen mogen hoogstens ${megabytes('nl', rejection.limit, 0)} MB zijn.`;
        case 'heic':
          return "HEIC-foto's worden nog niet ondersteund: exporteer als JPEG (op iPhone: Instellingen > Camera > Formaten > Meest compatibel).";
        case 'svg':
          return 'SVG-tekeningen worden niet geaccepteerd: upload een foto (JPEG, PNG, WebP, AVIF, TIFF of GIF).';
        case 'unknown':
          return 'Dit bestand is geen afbeelding die Encore kan lezen: upload een JPEG, PNG, WebP, AVIF, TIFF of GIF.';
        case 'too-many-pixels':
          return `De afbeelding is ${rejection.width ?? '?'}×${rejection.height ?? '?'} pixels (${megapixels(rejection.width, rejection.height)} megapixel); de grens is ${megapixels(rejection.limit, 1)} megapixel.`;
        case 'corrupt':
          return 'De afbeelding is beschadigd of onvolledig (is het uploaden afgebroken?): upload hem opnieuw.';
        case 'no-festival':
          return 'Dit festival bestaat niet (meer).';
        case 'gone':
          return 'Het geüploade bestand was weg voordat het gelezen kon worden: upload het opnieuw.';
        case 'quota':
          return `Je hebt de daglimiet van ${rejection.limit ?? '?'} foto-uploads bereikt; morgen kun je weer uploaden.`;
        case 'unprocessable':
          return 'De afbeelding kon ook na meerdere pogingen niet worden verwerkt: upload hem opnieuw.';
        case 'implausible-size':
          return `De afbeelding zegt ${rejection.width ?? '?'}×${rejection.height ?? '?'} pixels te zijn, veel meer dan een bestand van ${kilobytes('nl', rejection.bytes)} kB voor een echte foto kan bevatten: upload de foto zelf.`;
        case 'festival-busy':
          return `Er worden nu zoveel foto's naar dit festival geüpload (hoogstens ${rejection.limit ?? '?'} per uur, van iedereen samen) dat de jouwe niet aangenomen kon worden: upload hem over ${rejection.retryInMinutes ?? 60} minuten opnieuw.`;
        case 'icon-not-square':
          return `Het app-icoon is ${rejection.width ?? '?'}×${rejection.height ?? '?'} pixels: het moet vierkant zijn (of bijna), want telefoons tonen het in een vierkant of een cirkel.`;
        case 'icon-too-small':
          return `Het app-icoon is ${rejection.width ?? '?'}×${rejection.height ?? '?'} pixels; het moet minstens ${rejection.limit ?? '?'}×${rejection.limit ?? '?'} pixels zijn om scherp te blijven op een beginscherm.`;
      }
    },
  },
};

/** "21.0": bytes as mebibytes with one decimal (or as few as `minimumDecimals` needs), in the language's number format. */
function megabytes(locale: Locale, bytes: number | undefined, minimumDecimals = 1): string {
  return bytes === undefined ? '?' : new Intl.NumberFormat(locale, { minimumFractionDigits: minimumDecimals, maximumFractionDigits: 1 }).format(bytes / 1024 / 1024);
}

/** "39": bytes as whole kibibytes, in the language's number format. */
function kilobytes(locale: Locale, bytes: number | undefined): string {
  return bytes === undefined ? '?' : new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(bytes / 1024);
}

/** Whole megapixels of a width and height. */
function megapixels(width: number | undefined, height: number | undefined): string {
  return width === undefined || height === undefined ? '?' : String(Math.round((width * height) / 1e6));
}

/** One message in one language. */
export function message<K extends MessageId>(id: K, locale: Locale, params: MessageParams[K]): string {
  return catalog[id][locale](params);
}
