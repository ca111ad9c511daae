import { DateTime } from 'luxon';
import { performanceIdFor, slugify } from '../ids.js';
import type { Artist, Festival, Performance, Stage } from '../schemas/festival.js';
import { festivalDayOf, festivalDays, localTime } from '../time/festival-days.js';
import type { GeoreferenceInput, MapMarker, MapRoute } from '../schemas/venue.js';
import type { InfoPage } from '../schemas/info.js';
import type { FestivalRole, Role } from '../schemas/role.js';
import { seedInfoPages, type GateHours } from './info.js';
import { artworkFor, type ArtworkSpec } from './artwork.js';
import { seedVenueMap } from './venue.js';
import { ARTIST_FIRST, ARTIST_SECOND, BIO_CLOSERS, BIO_OPENERS, COUNTRIES, GENRES, SOLO_NAMES } from './names.js';

/**
 * The seed festival `encore-2026`: three nights in Amsterdam, six stages, 60 artists and
 * about 130 sets that run past midnight. Generated from a fixed pseudo-random sequence,
 * so every run (and every machine) produces exactly the same programme and ids.
 */

export const SEED_FESTIVAL_ID = 'encore-2026';

export interface SeedProgramme {
  festivalId: string;
  festival: Festival;
  stages: Array<{ id: string; data: Stage }>;
  /** Each artist with the artwork the seed draws for them (uploaded through the image pipeline). */
  artists: Array<{ id: string; data: Artist; artwork: ArtworkSpec }>;
  performances: Array<{ id: string; data: Performance }>;
  /** `festivals/{f}/venue/map`: stages and facilities on the seed's site plan, and its routes. */
  venueMap: { markers: MapMarker[]; routes: MapRoute[]; georeference: GeoreferenceInput };
  /** `festivals/{f}/info/{pageId}`: the practical information, in English and Dutch. */
  infoPages: Array<{ id: string; data: Omit<InfoPage, 'updatedAt'> }>;
  /** Each day's gate hours, from its sets (`gateHoursOf`): what the info page and the welcome say. */
  gateHours: GateHours[];
  /** `festivals/{f}/announcements/welcome`, which `npm run seed` writes: its gate time is the programme's too. */
  welcome: { title: string; body: string };
}

export { artworkFor, type ArtworkSpec } from './artwork.js';
export type { GateHours } from './info.js';
export { SITE_PLAN_SIZE, SITE_PLAN_STAGE_LABEL, SEED_GEOREFERENCE, seedVenueMap } from './venue.js';

/** mulberry32: a tiny deterministic PRNG (no Math.random, so the seed is reproducible). */
function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FESTIVAL: Festival = {
  name: 'Encore 2026',
  timeZone: 'Europe/Amsterdam',
  startsOn: '2026-08-14',
  endsOn: '2026-08-16',
  venue: 'Strandeiland, Amsterdam',
  dayStartsAtHour: 6,
  description: 'Three nights of music by the water: six stages, sixty artists, one encore.',
};

const STAGES: Array<Stage & { opensAt: string; closesAt: string }> = [
  { name: 'Main Stage', order: 0, color: '#e4572e', opensAt: '14:00', closesAt: '24:00' },
  { name: 'Harbour Tent', order: 1, color: '#17bebb', opensAt: '15:00', closesAt: '25:00' },
  { name: 'Greenhouse', order: 2, color: '#76b041', opensAt: '13:00', closesAt: '23:00' },
  { name: 'The Pier', order: 3, color: '#ffc914', opensAt: '16:00', closesAt: '26:30' },
  { name: 'Lighthouse Club', order: 4, color: '#8e6ccf', opensAt: '20:00', closesAt: '28:00' },
  { name: 'Dune Bar', order: 5, color: '#2e86ab', opensAt: '12:00', closesAt: '22:00' },
];

function artistsFor(random: () => number): Array<{ id: string; data: Artist; artwork: ArtworkSpec }> {
  const names = new Set<string>(SOLO_NAMES);
  while (names.size < 60) {
    const first = ARTIST_FIRST[Math.floor(random() * ARTIST_FIRST.length)]!;
    const second = ARTIST_SECOND[Math.floor(random() * ARTIST_SECOND.length)]!;
    names.add(`The ${first} ${second}`);
  }
  return [...names].map((name, index) => {
    const genreCount = 1 + Math.floor(random() * 3);
    const genres = new Set<string>();
    while (genres.size < genreCount) genres.add(GENRES[Math.floor(random() * GENRES.length)]!);
    const opener = BIO_OPENERS[index % BIO_OPENERS.length]!;
    const closer = BIO_CLOSERS[Math.floor(random() * BIO_CLOSERS.length)]!;
    const form = SOLO_NAMES.includes(name) ? 'solo' : 'band';
    const id = slugify(name);
    return {
      id,
      data: {
        name,
        bio: `${opener[form]} ${name} ${closer[form]}`,
        genres: [...genres],
        country: COUNTRIES[Math.floor(random() * COUNTRIES.length)]!,
        // Two in three have links; `.example` addresses, which never reach anyone real.
        ...(index % 3 === 2 ? {} : { links: { website: `https://${id}.example/`, listen: `https://listen.example/${id}` } }),
      },
      artwork: artworkFor(id, index),
    };
  });
}

/** "25:30" on a festival day means 01:30 the next morning. */
function atClock(dayStart: DateTime, clock: string): DateTime {
  const [hours, minutes] = clock.split(':').map(Number) as [number, number];
  return dayStart.startOf('day').plus({ hours, minutes });
}

export function encore2026(): SeedProgramme {
  const random = prng(2026);
  const artists = artistsFor(random);
  const stages = STAGES.map(({ opensAt: _o, closesAt: _c, ...stage }) => ({ id: slugify(stage.name), data: stage }));
  const performances: SeedProgramme['performances'] = [];
  let artistCursor = 0;

  for (const day of festivalDays(FESTIVAL)) {
    const dayStart = DateTime.fromJSDate(day.startsAt, { zone: FESTIVAL.timeZone });
    STAGES.forEach((stage, stageIndex) => {
      const stageId = stages[stageIndex]!.id;
      let cursor = atClock(dayStart, stage.opensAt);
      const closes = atClock(dayStart, stage.closesAt);
      for (;;) {
        const length = [45, 60, 60, 75][Math.floor(random() * 4)]!;
        const end = cursor.plus({ minutes: length });
        if (end > closes) break;
        const artist = artists[artistCursor % artists.length]!;
        artistCursor += 1;
        const startsAt = cursor.toJSDate();
        performances.push({
          id: performanceIdFor({ artistId: artist.id, stageId, startsAt }),
          data: {
            artistId: artist.id,
            stageId,
            startsAt,
            endsAt: end.toJSDate(),
            status: 'scheduled',
            ...(artist.data.genres.includes('techno') || artist.data.genres.includes('house') ? { title: 'DJ set' } : {}),
          },
        });
        // Change-over between sets: 15 to 30 minutes.
        cursor = end.plus({ minutes: [15, 15, 20, 30][Math.floor(random() * 4)]! });
      }
    });
  }
  const gateHours = gateHoursOf(performances.map(({ data }) => data), FESTIVAL);
  return {
    festivalId: SEED_FESTIVAL_ID,
    festival: FESTIVAL,
    stages,
    artists,
    performances,
    venueMap: seedVenueMap(stages.map((stage) => stage.id)),
    infoPages: seedInfoPages(gateHours),
    gateHours,
    welcome: { title: 'Welcome to Encore 2026', body: `${welcomeGates(gateHours)} Tap the heart on a set to build your schedule; we will tell you if it moves.` },
  };
}

const GATES_BEFORE_FIRST_SET_MINUTES = 60;
const GATES_AFTER_LAST_SET_MINUTES = 30;

/**
 * Each festival day's gate hours as the seed's programme has them: open an hour before the
 * day's first set, closed half an hour after its last one ends (after midnight on a late day).
 * Written from the sets so the demo's info page and welcome cannot drift from its programme.
 */
export function gateHoursOf(sets: ReadonlyArray<Pick<Performance, 'startsAt' | 'endsAt' | 'status'>>, festival: Festival): GateHours[] {
  const byDay = new Map<string, { first: number; last: number }>();
  for (const set of sets) {
    if (set.status === 'cancelled') continue;
    const day = festivalDayOf(set.startsAt, festival);
    const span = byDay.get(day);
    byDay.set(day, { first: Math.min(span?.first ?? Infinity, set.startsAt.getTime()), last: Math.max(span?.last ?? -Infinity, set.endsAt.getTime()) });
  }
  return [...byDay.keys()].sort().map((date) => {
    const { first, last } = byDay.get(date)!;
    return {
      date,
      opens: localTime(new Date(first - GATES_BEFORE_FIRST_SET_MINUTES * 60_000), festival),
      closes: localTime(new Date(last + GATES_AFTER_LAST_SET_MINUTES * 60_000), festival),
    };
  });
}

/** "Gates open at 11:00 each day." when every day opens alike; otherwise the first day's time and a pointer to the page. */
function welcomeGates(gateHours: readonly GateHours[]): string {
  const opens = new Set(gateHours.map((hours) => hours.opens));
  if (opens.size === 1) return `Gates open at ${gateHours[0]!.opens} each day.`;
  return `Gates open at ${gateHours[0]!.opens} on the first day; the info page has every day's hours.`;
}

export interface SeedAccount {
  email: string;
  password: string;
  displayName: string;
  /**
   * What the account is for, as `npm start`'s banner and the tests name it. Not a right in
   * itself: the rights are `claim` and `festivalRole`. `staff` is the demo's festival admin.
   */
  role?: 'admin' | 'staff' | 'moderator';
  /** The project-wide `role` custom claim (project admin); none for everyone else (issue 35). */
  claim?: Role;
  /** Its role in the seed festival: `festivals/encore-2026/staff/{uid}`, which the seed writes. */
  festivalRole?: FestivalRole;
  /**
   * The SMS second factor the account comes enrolled with (staff must sign in with one).
   * Numbers from the 555-0100..0199 range North American numbering keeps for fiction: no
   * text is ever sent; the Auth emulator makes the code and `npm run mfa-code` shows it.
   */
  secondFactor?: { phoneNumber: string; displayName: string };
}

/**
 * Test accounts created in the Auth emulator by `npm run seed` and by `npm start` with the
 * demo festival (local use only; never in a data folder started with `--empty`).
 */
export const SEED_ACCOUNTS: readonly SeedAccount[] = [
  { email: 'admin@encore.test', password: 'encore-admin', displayName: 'Alex Admin', role: 'admin', claim: 'admin', secondFactor: { phoneNumber: '+16505550102', displayName: 'Test phone' } },
  { email: 'staff@encore.test', password: 'encore-staff', displayName: 'Sam Staff', role: 'staff', festivalRole: 'admin', secondFactor: { phoneNumber: '+16505550101', displayName: 'Test phone' } },
  { email: 'moderator@encore.test', password: 'encore-moderator', displayName: 'Mo Moderator', role: 'moderator', festivalRole: 'moderator', secondFactor: { phoneNumber: '+16505550103', displayName: 'Test phone' } },
  { email: 'visitor@encore.test', password: 'encore-visitor', displayName: 'Vera Visitor' },
  { email: 'uploader@encore.test', password: 'encore-uploader', displayName: 'Umar Uploader' },
];
