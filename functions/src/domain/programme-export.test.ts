import { describe, expect, it } from 'vitest';
import readWorkbook from 'read-excel-file/node';
import writeWorkbook from 'write-excel-file/node';
import { programmeCsv, programmeExportRows, programmeFromWorkbook, programmeSheet, type ExportLanguage, type PerformanceInput, type ProgrammeExportInput, type WorkbookSheet } from '@encore/model';
import { parseProgramme, type ExistingSet, type ImportContext } from './programme-import.js';

/**
 * The programme export (model/src/export/programme-export.ts) read back by the import's own
 * parser and planner: into a new edition (same stages, no artists, no sets) it gives the same
 * sets; into the festival it came from it changes nothing. As CSV in both languages and as a
 * real `.xlsx` read by read-excel-file, the reader the import screen uses.
 */

/** Amsterdam in August is UTC+2. */
const at = (local: string) => new Date(`${local}:00+02:00`);
const festival = { timeZone: 'Europe/Amsterdam', startsOn: '2026-08-14', endsOn: '2026-08-16' };
const stages = [
  { id: 'main', name: 'Main Stage', order: 0 },
  { id: 'tent', name: 'Tent; "De Bolder"', order: 1 },
];
const artists = new Map([
  ['kae', { name: 'Kaë Sun' }],
  ['nina', { name: 'Nina "The Voice", Jr.' }],
  ['zoe', { name: 'Zoë & Ëlla; live' }],
]);
const sets: ExistingSet[] = [
  { id: 'p1', performance: { artistId: 'nina', stageId: 'main', startsAt: at('2026-08-14T21:00'), endsAt: at('2026-08-14T22:30'), status: 'scheduled', title: 'DJ set; "extended"' } },
  // After midnight, on Friday's night: the file says Friday 00:30, not Saturday.
  { id: 'p2', performance: { artistId: 'kae', stageId: 'tent', startsAt: at('2026-08-15T00:30'), endsAt: at('2026-08-15T01:45'), status: 'scheduled' } },
  // Across midnight.
  { id: 'p3', performance: { artistId: 'zoe', stageId: 'main', startsAt: at('2026-08-15T23:15'), endsAt: at('2026-08-16T00:45'), status: 'cancelled' } },
  // A second set of the same artist, another day; and one from 05:00 to past the day boundary.
  { id: 'p4', performance: { artistId: 'nina', stageId: 'tent', startsAt: at('2026-08-16T18:00'), endsAt: at('2026-08-16T19:00'), status: 'scheduled', title: 'Akoestisch' } },
  { id: 'p5', performance: { artistId: 'kae', stageId: 'main', startsAt: at('2026-08-17T05:00'), endsAt: at('2026-08-17T06:30'), status: 'scheduled' } },
];

const exportInput = (performances: readonly ExistingSet[], dates = festival): ProgrammeExportInput => ({
  festival: dates,
  stages,
  artists,
  performances: performances.map((set) => set.performance),
});
/** A new edition: the same stages, no artists and no sets yet. */
const newEdition = (dates = festival): ImportContext => ({ festival: dates, stages, artists: [], performances: [] });
/** The festival the file came from. */
const sameFestival = (performances: readonly ExistingSet[], dates = festival): ImportContext => ({
  festival: dates,
  stages,
  artists: [...artists].map(([id, { name }]) => ({ id, name })),
  performances,
});

/** What makes two sets the same for a visitor: artist by name, stage, start, end, title, status. */
const artistNames = new Map([...artists].map(([id, { name }]) => [id, name]));
const sameness = (performance: PerformanceInput, artistName: string) => ({
  artist: artistName,
  stage: performance.stageId,
  startsAt: performance.startsAt.toISOString(),
  endsAt: performance.endsAt.toISOString(),
  title: performance.title ?? null,
  status: performance.status,
});
const expected = (performances: readonly ExistingSet[]) =>
  performances.map(({ performance }) => sameness(performance, artistNames.get(performance.artistId)!)).sort((a, b) => a.startsAt.localeCompare(b.startsAt));
const imported = (parsed: ReturnType<typeof parseProgramme>) => {
  expect(parsed.errors).toEqual([]);
  return parsed.rows.map((row) => sameness(row.performance, row.artistName)).sort((a, b) => a.startsAt.localeCompare(b.startsAt));
};

async function throughXlsx(performances: readonly ExistingSet[], language: ExportLanguage): Promise<string> {
  const buffer = await writeWorkbook(programmeSheet(programmeExportRows(exportInput(performances)), language) as never).toBuffer();
  // The reader's types say a date cell is `typeof Date`; its values are Date instances.
  const read = programmeFromWorkbook([{ sheet: 'Sheet1', data: (await readWorkbook(buffer))[0]!.data as unknown as WorkbookSheet['data'] }]);
  if (!read.ok) throw new Error('the exported workbook has no programme sheet');
  return read.csv;
}

describe('the programme export, read back by the import', () => {
  it('writes after-midnight sets on their night, names with separators and quotes quoted, in English and Dutch', () => {
    const rows = programmeExportRows(exportInput(sets));
    expect(rows.map((row) => [row.day, row.start, row.end])).toEqual([
      ['2026-08-14', { clock: '21:00' }, { clock: '22:30' }],
      ['2026-08-14', { clock: '00:30' }, { clock: '01:45' }],
      ['2026-08-15', { clock: '23:15' }, { clock: '00:45' }],
      ['2026-08-16', { clock: '18:00' }, { clock: '19:00' }],
      ['2026-08-16', { clock: '05:00' }, { clock: '06:30' }],
    ]);
    const english = programmeCsv(rows, 'en').split('\r\n');
    expect(english[0]).toBe('\uFEFFArtist,Stage,Day,Start,End,Title,Status');
    expect(english[1]).toBe('"Nina ""The Voice"", Jr.",Main Stage,2026-08-14,21:00,22:30,"DJ set; ""extended""",scheduled');
    const dutch = programmeCsv(rows, 'nl').split('\r\n');
    expect(dutch[0]).toBe('\uFEFFArtiest;Podium;Datum;Aanvang;Einde;Titel;Status');
    expect(dutch[3]).toBe('"Zoë & Ëlla; live";Main Stage;2026-08-15;23:15;00:45;;afgelast');
  });

  for (const language of ['en', 'nl'] as const) {
    it(`CSV (${language}): a new edition with the same stages gets the same sets; the festival it came from changes nothing`, () => {
      const csv = programmeCsv(programmeExportRows(exportInput(sets)), language);
      const fresh = parseProgramme('csv', csv, newEdition());
      expect(imported(fresh)).toEqual(expected(sets));
      expect(fresh.newStages).toEqual([]);
      expect(fresh.newArtists.map((artist) => artist.name).sort()).toEqual([...artistNames.values()].sort());
      const again = parseProgramme('csv', csv, sameFestival(sets));
      expect(again.errors).toEqual([]);
      expect(again.rows.map((row) => [row.performanceId, row.change]).sort()).toEqual(sets.map((set) => [set.id, 'unchanged']));
      expect(again.newArtists).toEqual([]);
    });

    it(`.xlsx (${language}): real date and time cells read back by read-excel-file give the same sets, and change nothing at home`, async () => {
      const csv = await throughXlsx(sets, language);
      expect(imported(parseProgramme('csv', csv, newEdition()))).toEqual(expected(sets));
      expect(parseProgramme('csv', csv, sameFestival(sets)).rows.map((row) => row.change)).toEqual(sets.map(() => 'unchanged'));
    });
  }

  it('writes a wall clock the night the clocks go back twice as a date and time with its offset, and both read back', async () => {
    const october = { timeZone: 'Europe/Amsterdam', startsOn: '2026-10-24', endsOn: '2026-10-25' };
    // 2026-10-25 03:00 summer time is 02:00 winter time: 02:30 happens at 00:30Z and again at 01:30Z.
    const twice: ExistingSet[] = [
      { id: 'first', performance: { artistId: 'kae', stageId: 'main', startsAt: new Date('2026-10-25T00:30:00Z'), endsAt: new Date('2026-10-25T01:00:00Z'), status: 'scheduled' } },
      { id: 'second', performance: { artistId: 'nina', stageId: 'main', startsAt: new Date('2026-10-25T01:30:00Z'), endsAt: new Date('2026-10-25T02:15:00Z'), status: 'scheduled' } },
    ];
    const rows = programmeExportRows(exportInput(twice, october));
    // The import places a written 02:30 on the second one once the clocks have gone back: the first is written with its offset.
    expect(rows.map((row) => [row.day, row.start, row.end])).toEqual([
      ['2026-10-24', { dateTime: '2026-10-25T02:30+02:00' }, { dateTime: '2026-10-25T02:00+01:00' }],
      ['2026-10-24', { clock: '02:30' }, { clock: '03:15' }],
    ]);
    const csv = programmeCsv(rows, 'en');
    expect(imported(parseProgramme('csv', csv, newEdition(october)))).toEqual(expected(twice));
    const sheetCsv = await throughXlsx(twice, 'nl');
    expect(imported(parseProgramme('csv', sheetCsv, { ...newEdition(october), festival: october }))).toEqual(expected(twice));
  });
});
