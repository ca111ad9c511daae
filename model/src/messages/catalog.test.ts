import { describe, expect, it } from 'vitest';
import { localeSchema, noticeSchema, type Locale } from '../schemas/user.js';
import { rejectionCodeSchema } from '../schemas/rejection.js';
import { catalog, message, type MessageId, type MessageParams } from './catalog.js';
import { festivalMoment } from './format.js';
import { noticeText, storedNoticeText } from './notices.js';

const LOCALES = localeSchema.options;
const AMSTERDAM = 'Europe/Amsterdam';
/** 21:30 in Amsterdam (summer time, UTC+2) on Saturday 15 August 2026. */
const SATURDAY_NIGHT = new Date('2026-08-15T19:30:00Z');

/** Sample parameters for every message, so each can be rendered in each language. */
const samples: { [K in MessageId]: MessageParams[K] } = {
  noticeMoved: { artist: 'Nina', stage: 'Main Stage', startsAt: SATURDAY_NIGHT, timeZone: AMSTERDAM },
  noticeCancelled: { artist: 'Nina' },
  noticeDelayed: { stage: 'Main Stage', minutes: 20, artist: 'Nina', startsAt: SATURDAY_NIGHT, previousStartsAt: new Date(SATURDAY_NIGHT.getTime() - 20 * 60_000), timeZone: AMSTERDAM },
  noticeDelayUndone: { stage: 'Main Stage', minutes: 20, artist: 'Nina', startsAt: new Date(SATURDAY_NIGHT.getTime() - 20 * 60_000), previousStartsAt: SATURDAY_NIGHT, timeZone: AMSTERDAM },
  pushDelayedTitle: { stage: 'Main Stage', minutes: 20 },
  pushDelayUndoneTitle: { stage: 'Main Stage' },
  noticePhotoReady: {},
  noticePhotoRejected: { reason: undefined },
  noticeAnnouncement: { title: 'Gates open' },
  noticeMeetup: { group: 'Crew', place: 'Main Stage', at: SATURDAY_NIGHT, timeZone: AMSTERDAM },
  pushMeetupTitle: { group: 'Crew' },
  noticeHelp: { status: 'on-the-way' },
  pushHelpTitle: { kind: 'first-aid' },
  pushHelpBody: { note: '' },
  pushUrgentTitle: { title: 'EVACUATE' },
  allClearTitle: { title: 'Storm' },
  allClearBody: {},
  pushMovedTitle: { artist: 'Nina' },
  pushCancelledTitle: { artist: 'Nina' },
  pushScheduleChangeTitle: {},
  pushReminderTitle: { artist: 'Nina', minutes: 15 },
  pushReminderBody: { stage: 'Main Stage', startsAt: SATURDAY_NIGHT, timeZone: AMSTERDAM },
  rejection: { code: 'too-large', bytes: 22_020_096, limit: 20_971_520 },
  importError: { cell: 'D4', problem: { code: 'bad-time', field: 'start', value: '9pm' } },
};

describe('the server-side message catalog', () => {
  it('says why an upload was refused in each language, with its numbers in that language’s format, for every code', () => {
    expect(message('rejection', 'en', { code: 'too-large', bytes: 22_020_096, limit: 20_971_520 })).toBe('The file is 21.0 MB; images can be at most 20 MB.');
    expect(message('rejection', 'nl', { code: 'too-large', bytes: 22_020_096, limit: 20_971_520 })).toBe('Het bestand is 21,0 MB; afbeeldingen mogen hoogstens 20 MB zijn.');
    expect(message('rejection', 'nl', { code: 'too-many-pixels', width: 20_000, height: 20_000, limit: 40_000_000 })).toBe('De afbeelding is 20000×20000 pixels (400 megapixel); de grens is 40 megapixel.');
    expect(message('rejection', 'nl', { code: 'quota', limit: 50 })).toBe('Je hebt de daglimiet van 50 foto-uploads bereikt; morgen kun je weer uploaden.');
    for (const code of rejectionCodeSchema.options) {
      const [en, nl] = LOCALES.map((locale) => message('rejection', locale, { code, bytes: 1, width: 1, height: 1, limit: 1 }));
      expect(en, code).not.toBe(nl);
      expect(en, code).toMatch(/^[A-Z].*\.$/);
      expect(nl, code).toMatch(/^[A-Z].*\.$/);
    }
  });

  it('tells of a stage running late, and of its undo, with the new time and the old one, on the festival’s clock, in each language', () => {
    const params = { stage: 'Main Stage', minutes: 20, artist: 'Amara Okafor', startsAt: new Date('2026-08-15T19:05:00Z'), previousStartsAt: new Date('2026-08-15T18:45:00Z'), timeZone: AMSTERDAM };
    expect(noticeText({ kind: 'delayed', params }, 'en')).toBe('Main Stage runs 20 min late: Amara Okafor now 21:05 (was 20:45).');
    expect(noticeText({ kind: 'delayed', params }, 'nl')).toBe('Main Stage loopt 20 min uit: Amara Okafor nu om 21:05 (was 20:45).');
    const back = { ...params, startsAt: params.previousStartsAt, previousStartsAt: params.startsAt };
    expect(noticeText({ kind: 'delay-undone', params: back }, 'en')).toBe("Main Stage's 20 min delay is withdrawn: Amara Okafor at 20:45 again (not 21:05).");
    expect(noticeText({ kind: 'delay-undone', params: back }, 'nl')).toBe('De 20 min vertraging op Main Stage is ingetrokken: Amara Okafor weer om 20:45 (niet 21:05).');
    expect(noticeText({ kind: 'delayed', params: { stage: 'Main Stage', minutes: 20 } }, 'en')).toBeNull();
  });

  it('renders a rejected photo’s notice with the reason in the reader’s language when it has the code, else the stored words', () => {
    const notice = { kind: 'photo-rejected' as const, params: { reason: 'Not an image.', rejection: { code: 'svg' as const } } };
    expect(noticeText(notice, 'nl')).toBe('Je foto is niet geaccepteerd: SVG-tekeningen worden niet geaccepteerd: upload een foto (JPEG, PNG, WebP, AVIF, TIFF of GIF).');
    expect(noticeText({ kind: 'photo-rejected', params: { reason: 'Not an image.' } }, 'nl')).toBe('Je foto is niet geaccepteerd: Not an image.');
  });

  it('has every message in every language, each its own text', () => {
    for (const id of Object.keys(catalog) as MessageId[]) {
      expect(Object.keys(catalog[id]).sort(), id).toEqual([...LOCALES].sort());
      const rendered = LOCALES.map((locale) => message(id, locale, samples[id] as never));
      for (const text of rendered) expect(text.trim().length, `${id} is empty`).toBeGreaterThan(0);
      expect(new Set(rendered).size, `${id} reads the same in ${LOCALES.join(' and ')}`).toBe(LOCALES.length);
    }
  });

  it('tells the requester each step of their help request in their language', () => {
    expect(noticeText({ kind: 'help', params: { helpStatus: 'on-the-way' } }, 'nl')).toBe('Er komt hulp aan: blijf als het kan waar je bent.');
    expect(noticeText({ kind: 'help', params: { helpStatus: 'resolved' } }, 'en')).toBe('Your help request is closed.');
    expect(noticeText({ kind: 'help', params: {} }, 'en')).toBeNull();
  });

  it('shows times on the festival’s clock, 24-hour, in the reader’s language', () => {
    expect(message('noticeMoved', 'en', samples.noticeMoved)).toBe('Nina moved: now Sat 15 Aug, 21:30 on Main Stage.');
    expect(message('noticeMoved', 'nl', samples.noticeMoved)).toBe('Nina is verplaatst: nu za 15 aug, 21:30 op Main Stage.');
    // The same instant on a Sydney festival's clocks is already Sunday morning.
    expect(festivalMoment('en', SATURDAY_NIGHT, 'Australia/Sydney')).toBe('Sun 16 Aug, 05:30');
    expect(message('pushReminderBody', 'nl', samples.pushReminderBody)).toBe('Op Main Stage om 21:30.');
  });

  it('counts minutes in the singular and the plural', () => {
    expect(message('pushReminderTitle', 'en', { artist: 'Kae', minutes: 1 })).toBe('Kae starts in 1 minute');
    expect(message('pushReminderTitle', 'nl', { artist: 'Kae', minutes: 10 })).toBe('Kae begint over 10 minuten');
  });
});

describe('notice texts from kind and parameters', () => {
  const moved = { kind: 'moved' as const, params: { artist: 'Nina', stage: 'Main Stage', startsAt: SATURDAY_NIGHT, timeZone: AMSTERDAM } };

  it('render in whichever language the reader has now', () => {
    const texts = (['en', 'nl'] as Locale[]).map((locale) => noticeText(moved, locale));
    expect(texts).toEqual(['Nina moved: now Sat 15 Aug, 21:30 on Main Stage.', 'Nina is verplaatst: nu za 15 aug, 21:30 op Main Stage.']);
    expect(noticeText({ kind: 'photo-rejected', params: { reason: 'The file is empty (0 bytes).' } }, 'nl')).toBe('Je foto is niet geaccepteerd: The file is empty (0 bytes).');
  });

  it('name a meet-up point by its place, or as "a point on the map" in the reader\'s language when its member left it unnamed', () => {
    const params = { group: 'Crew', startsAt: SATURDAY_NIGHT, timeZone: AMSTERDAM };
    expect(noticeText({ kind: 'meetup', params: { ...params, place: 'the big tree' } }, 'en')).toBe('Crew: meet at the big tree, Sat 15 Aug, 21:30.');
    expect(noticeText({ kind: 'meetup', params }, 'en')).toBe('Crew: meet at a point on the map, Sat 15 Aug, 21:30.');
    expect(noticeText({ kind: 'meetup', params }, 'nl')).toBe('Crew: afspreken bij een punt op de kaart, za 15 aug, 21:30.');
  });

  it('give null for a notice without the parameters its kind needs (the app shows its stored text)', () => {
    expect(noticeText({ kind: 'moved' }, 'en')).toBeNull();
    expect(noticeText({ kind: 'moved', params: { artist: 'Nina' } }, 'nl')).toBeNull();
    expect(noticeText({ kind: 'cancelled', params: {} }, 'en')).toBeNull();
  });

  it('store a text that fits the notice schema, and refuse to store one without its parameters', () => {
    const longest = storedNoticeText({ kind: 'photo-rejected', params: { reason: 'x'.repeat(400) } }, 'nl');
    expect(noticeSchema.shape.text.safeParse(longest).success).toBe(true);
    expect(() => storedNoticeText({ kind: 'cancelled', params: {} }, 'en')).toThrow(/needs more parameters/);
  });
});
