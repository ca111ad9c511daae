import {
  festivalDayOf,
  message,
  nearNames,
  performanceIdFor,
  REQUIRED_IMPORT_FIELDS,
  slugify,
  type ImportChange,
  type ImportDecisions,
  type ImportField,
  type ImportOverlap,
  type ImportNewName,
  type ImportProblem,
  type ImportRowError,
  type PerformanceInput,
  type PerformanceStatus,
} from '@encore/model';
import { readTable, type TableRow } from './import-table.js';
import { placeOnNight, readClock, readDateTime, readDay, type FestivalDates } from './import-times.js';

/**
 * A programme as organisers have it: artists and stages by name (new ones created on
 * import, listed in the check first), a day or date column, start and end as the clock
 * says (after midnight as `00:30` on the night's day, or `24:30`), an optional title and
 * status. Every bad row is reported with its cell and why (as data, said in each language by
 * `message('importError', …)`); nothing is written unless all rows are good.
 *
 * Sets are matched to the ones the festival has, so importing the same file again changes
 * nothing and an updated file moves sets rather than adding them twice: a row is the set of
 * its artist on the same stage and start; else that artist's set on the same festival day;
 * else, when the artist has one set left in the file and one in the festival, that one (moved
 * to another day). Only what is left is a new set, under an id made from its names and start.
 *
 * Nothing is lost by what a file leaves out (issue 36): a title or status column the file does
 * not have keeps each existing set's title and status. A new name near an existing one ("Main
 * Stgae") is listed with the names it may mean, and the organiser's decisions (`use`) map it to
 * the existing one. Sets that overlap on one stage once the import is done are flagged.
 */

export interface ImportedPerformance {
  /** Its row in the file, as errors name them. */
  line: number;
  performanceId: string;
  performance: PerformanceInput;
  artistName: string;
  stageName: string;
  change: ImportChange;
  /** The set as the festival has it now, when the row updates one. */
  before: ExistingSet | null;
  overlaps: ImportOverlap[];
}

export interface NamedDoc {
  id: string;
  name: string;
}

export interface ExistingSet {
  id: string;
  performance: PerformanceInput;
}

export interface ImportContext {
  festival: FestivalDates;
  artists: readonly NamedDoc[];
  stages: readonly NamedDoc[];
  performances: readonly ExistingSet[];
  /** The organiser's choices from the check: a new name's id that is an existing artist or stage after all. */
  use?: ImportDecisions['use'];
}

export interface ParsedProgramme {
  rows: ImportedPerformance[];
  errors: ImportRowError[];
  newArtists: ImportNewName[];
  newStages: ImportNewName[];
}

export const MAX_IMPORT_ROWS = 2000;
const MAX_SET_HOURS = 12;
const REQUIRED = REQUIRED_IMPORT_FIELDS;
const SCHEDULED = new Set(['', 'scheduled', 'gepland', 'planned', 'confirmed', 'bevestigd', 'ok']);
const CANCELLED = new Set(['cancelled', 'canceled', 'cancel', 'afgelast', 'geannuleerd', 'vervallen', 'afgezegd']);

function rowError(line: number, cell: string | null, problem: ImportProblem): ImportRowError {
  return { line, cell, problem, message: message('importError', 'en', { cell, problem }) };
}

/** Finds festival artists or stages by name, as the file writes them (case, spacing and accents aside), or by id; names new ones. */
class Names {
  private readonly byKey = new Map<string, NamedDoc>();
  private readonly created = new Map<string, NamedDoc>();

  constructor(
    private readonly existing: readonly NamedDoc[],
    use: Record<string, string> = {},
  ) {
    for (const doc of existing) {
      this.byKey.set(doc.id, doc);
      this.byKey.set(keyOf(doc.name) ?? doc.id, doc);
    }
    // A new name the organiser said is an existing one: found as that one from now on.
    for (const [newId, existingId] of Object.entries(use)) {
      const target = existing.find((doc) => doc.id === existingId);
      if (target && !this.byKey.has(newId)) this.byKey.set(newId, target);
    }
  }

  /** The artist or stage a cell names; a new one when the festival has none by that name. Null when the name has no letters or digits. */
  resolve(name: string): NamedDoc | null {
    const key = keyOf(name);
    if (key === null) return null;
    const found = this.byKey.get(name) ?? this.byKey.get(key) ?? this.created.get(key);
    if (found) return found;
    const fresh = { id: key, name };
    this.created.set(key, fresh);
    return fresh;
  }

  isNew(id: string): boolean {
    return this.created.has(id);
  }

  /** The new names the rows use, each with the existing names near it (what the organiser may have meant). */
  newOnes(used: ReadonlySet<string>): ImportNewName[] {
    return [...this.created.values()]
      .filter((doc) => used.has(doc.id))
      .map((doc) => {
        const similar = nearNames(doc.name, this.existing).map(({ id, name }) => ({ id, name }));
        return similar.length > 0 ? { ...doc, similar } : doc;
      });
  }
}

function keyOf(name: string): string | null {
  try {
    return slugify(name);
  } catch {
    return null;
  }
}

interface ReadRow {
  line: number;
  artist: NamedDoc;
  stage: NamedDoc;
  performance: PerformanceInput;
  /** Whether the file has the column (a column it lacks never changes a set). */
  gives: { title: boolean; status: boolean };
}

export function parseProgramme(format: 'csv' | 'json', content: string, context: ImportContext): ParsedProgramme {
  const empty = { rows: [], newArtists: [], newStages: [] };
  const table = readTable(format, content);
  if ('code' in table) return { ...empty, errors: [rowError(1, null, table)] };
  if (table.columns) {
    const missing = REQUIRED.filter((field) => table.columns![field] === undefined);
    if (missing.length > 0) return { ...empty, errors: missing.map((field) => rowError(1, null, { code: 'missing-column', field })) };
  }
  if (table.rows.length === 0) return { ...empty, errors: [rowError(1, null, { code: 'no-rows' })] };
  if (table.rows.length > MAX_IMPORT_ROWS) return { ...empty, errors: [rowError(1, null, { code: 'too-many-rows', max: MAX_IMPORT_ROWS })] };

  const artists = new Names(context.artists, context.use?.artists);
  const stages = new Names(context.stages, context.use?.stages);
  const cellOf = (field: ImportField, line: number) => (table.columns?.[field] ? `${table.columns[field]}${line}` : null);
  const read: ReadRow[] = [];
  const errors: ImportRowError[] = [];
  const seen = new Map<string, number>();
  for (const row of table.rows) {
    const result = readRow(row, context.festival, artists, stages, cellOf);
    if ('problem' in result) {
      errors.push(rowError(row.line, result.cell, result.problem));
      continue;
    }
    const key = `${result.artist.id}|${result.stage.id}|${result.performance.startsAt.toISOString()}`;
    const duplicateOf = seen.get(key);
    if (duplicateOf !== undefined) {
      errors.push(rowError(row.line, null, { code: 'duplicate', line: duplicateOf }));
      continue;
    }
    seen.set(key, row.line);
    read.push(result);
  }
  const rows = matchSets(read, context);
  return {
    rows,
    errors,
    newArtists: artists.newOnes(new Set(rows.map((row) => row.performance.artistId))),
    newStages: stages.newOnes(new Set(rows.map((row) => row.performance.stageId))),
  };
}

type Cell = (field: ImportField, line: number) => string | null;

function readRow(row: TableRow, festival: FestivalDates, artists: Names, stages: Names, cellOf: Cell): ReadRow | { cell: string | null; problem: ImportProblem } {
  const { line, cells } = row;
  const fail = (field: ImportField, problem: ImportProblem) => ({ cell: cellOf(field, line), problem });
  const text = (field: ImportField) => (cells[field] ?? '').trim();
  for (const field of REQUIRED) if (!text(field)) return fail(field, { code: 'empty', field });
  if (text('artist').length > 120) return fail('artist', { code: 'too-long', field: 'artist', max: 120 });
  if (text('stage').length > 80) return fail('stage', { code: 'too-long', field: 'stage', max: 80 });
  if (text('title').length > 120) return fail('title', { code: 'too-long', field: 'title', max: 120 });
  const artist = artists.resolve(text('artist'));
  if (!artist) return fail('artist', { code: 'bad-name', field: 'artist', value: text('artist') });
  const stage = stages.resolve(text('stage'));
  if (!stage) return fail('stage', { code: 'bad-name', field: 'stage', value: text('stage') });

  const statusText = text('status').toLowerCase();
  const status: PerformanceStatus | null = SCHEDULED.has(statusText) ? 'scheduled' : CANCELLED.has(statusText) ? 'cancelled' : null;
  if (!status) return fail('status', { code: 'bad-status', value: text('status') });

  // The night: the day column, else the festival's only day, else the date written with the start.
  let night: string | null = null;
  if (text('day')) {
    const day = readDay(text('day'), festival);
    if ('error' in day) {
      return fail('day', day.error === 'bad' ? { code: 'bad-day', value: text('day') } : { code: 'day-outside', value: text('day'), first: festival.startsOn, last: festival.endsOn });
    }
    night = day.date;
  } else if (festival.startsOn === festival.endsOn) {
    night = festival.startsOn;
  }

  const instant = (field: 'start' | 'end'): Date | { cell: string | null; problem: ImportProblem } => {
    const written = readDateTime(text(field), festival.timeZone);
    if (written) return written;
    const clock = readClock(text(field));
    if (!clock) return fail(field, { code: 'bad-time', field, value: text(field) });
    if (!night) return fail(field, { code: 'no-day' });
    return placeOnNight(night, clock, festival) ?? fail(field, { code: 'bad-time', field, value: text(field) });
  };
  const startsAt = instant('start');
  if (!(startsAt instanceof Date)) return startsAt;
  let endsAt = instant('end');
  if (!(endsAt instanceof Date)) {
    // An end time alone, with the start written as a full date-time: the end is on the start's night.
    const clock = readClock(text('end'));
    if (!clock) return endsAt;
    endsAt = placeOnNight(festivalDayOf(startsAt, festival), clock, festival) ?? endsAt;
    if (!(endsAt instanceof Date)) return endsAt;
  }
  // 23:00-00:30 and 05:00-06:30 both end the morning after: an end at or before the start is the
  // next day, when that makes a set of a plausible length. 16:15-15:15 is not a 23-hour set but a
  // mistake, and is said to be one.
  const endBeforeStart = { code: 'end-before-start', start: text('start'), end: text('end') } as const;
  if (endsAt.getTime() <= startsAt.getTime() && readDateTime(text('end'), festival.timeZone) === null) {
    const nextMorning = new Date(endsAt.getTime() + 86_400_000);
    if (nextMorning.getTime() - startsAt.getTime() > MAX_SET_HOURS * 3_600_000) return fail('end', endBeforeStart);
    endsAt = nextMorning;
  }
  if (endsAt.getTime() <= startsAt.getTime()) return fail('end', endBeforeStart);
  if (endsAt.getTime() - startsAt.getTime() > MAX_SET_HOURS * 3_600_000) return fail('end', { code: 'too-long-set', hours: MAX_SET_HOURS });

  const title = text('title');
  return {
    line,
    artist,
    stage,
    performance: { artistId: artist.id, stageId: stage.id, startsAt, endsAt, status, ...(title ? { title } : {}) },
    gives: { title: cells.title !== undefined, status: cells.status !== undefined },
  };
}

/** Pairs each row with the festival's set it stands for (see the module comment); the rest are new sets. */
function matchSets(rows: readonly ReadRow[], context: ImportContext): ImportedPerformance[] {
  const dayOf = (date: Date) => festivalDayOf(date, context.festival);
  const taken = new Set<string>();
  const matched = new Map<ReadRow, ExistingSet>();
  const setsOf = (artistId: string) => context.performances.filter((set) => set.performance.artistId === artistId && !taken.has(set.id));
  const pair = (row: ReadRow, set: ExistingSet | undefined) => {
    if (!set) return;
    matched.set(row, set);
    taken.add(set.id);
  };
  const byArtist = new Map<string, ReadRow[]>();
  for (const row of rows) byArtist.set(row.artist.id, [...(byArtist.get(row.artist.id) ?? []), row]);
  for (const [artistId, artistRows] of byArtist) {
    for (const row of artistRows) {
      pair(row, setsOf(artistId).find((set) => set.performance.stageId === row.performance.stageId && set.performance.startsAt.getTime() === row.performance.startsAt.getTime()));
    }
    for (const row of artistRows.filter((candidate) => !matched.has(candidate))) {
      pair(row, setsOf(artistId).find((set) => dayOf(set.performance.startsAt) === dayOf(row.performance.startsAt)));
    }
    const left = artistRows.filter((candidate) => !matched.has(candidate));
    const leftSets = setsOf(artistId);
    if (left.length === 1 && leftSets.length === 1) pair(left[0]!, leftSets[0]);
  }
  const imported = rows.map((row) => {
    const existing = matched.get(row) ?? null;
    const performance = existing ? keepWhatTheFileLeavesOut(row, existing.performance) : row.performance;
    return {
      line: row.line,
      performanceId: existing?.id ?? performanceIdFor(performance),
      performance,
      artistName: row.artist.name,
      stageName: row.stage.name,
      change: existing ? changeOf(existing.performance, performance) : ('new' as const),
      before: existing,
      overlaps: [],
    };
  });
  return withOverlaps(imported, context, taken);
}

/** The row's set, with the existing set's title and status where the file has no such column. */
function keepWhatTheFileLeavesOut(row: ReadRow, existing: PerformanceInput): PerformanceInput {
  const { title: _title, ...rest } = row.performance;
  const title = row.gives.title ? row.performance.title : existing.title;
  return { ...rest, status: row.gives.status ? row.performance.status : existing.status, ...(title ? { title } : {}) };
}

/**
 * Flags each row whose set overlaps another on the same stage once the import is done: the
 * other rows, and the festival's sets the file leaves as they are. Cancelled sets take no time.
 */
function withOverlaps(rows: ImportedPerformance[], context: ImportContext, taken: ReadonlySet<string>): ImportedPerformance[] {
  const artistNames = new Map(context.artists.map((artist) => [artist.id, artist.name]));
  const others = [
    ...rows.map((row) => ({ line: row.line as number | null, id: row.performanceId, performance: row.performance, artistName: row.artistName })),
    ...context.performances
      .filter((set) => !taken.has(set.id))
      .map((set) => ({ line: null, id: set.id, performance: set.performance, artistName: artistNames.get(set.performance.artistId) ?? set.performance.artistId })),
  ].filter((set) => set.performance.status !== 'cancelled');
  return rows.map((row) => {
    if (row.performance.status === 'cancelled') return row;
    const overlaps = others
      .filter((other) => other.id !== row.performanceId && other.performance.stageId === row.performance.stageId)
      .filter((other) => other.performance.startsAt < row.performance.endsAt && row.performance.startsAt < other.performance.endsAt)
      .sort((a, b) => a.performance.startsAt.getTime() - b.performance.startsAt.getTime())
      .map((other) => ({ line: other.line, artistName: other.artistName, startsAt: other.performance.startsAt.toISOString(), endsAt: other.performance.endsAt.toISOString() }));
    return overlaps.length > 0 ? { ...row, overlaps } : row;
  });
}

function changeOf(before: PerformanceInput, after: PerformanceInput): ImportChange {
  if (before.stageId !== after.stageId || before.startsAt.getTime() !== after.startsAt.getTime() || before.endsAt.getTime() !== after.endsAt.getTime()) return 'moved';
  if (before.status !== after.status || (before.title ?? '') !== (after.title ?? '')) return 'changed';
  return 'unchanged';
}
