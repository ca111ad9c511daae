import { describe, expect, it } from 'vitest';
import { message, performanceIdFor } from '@encore/model';
import { columnLetter, fieldOfHeader } from './import-table.js';
import { placeOnNight, readClock, readDay } from './import-times.js';
import { parseProgramme, type ImportContext } from './programme-import.js';

const festival = { timeZone: 'Europe/Amsterdam', startsOn: '2026-08-14', endsOn: '2026-08-16' };
const context: ImportContext = {
  festival,
  artists: [
    { id: 'nina', name: 'Nina' },
    { id: 'kae', name: 'Kaë Sun' },
  ],
  stages: [
    { id: 'main', name: 'Main Stage' },
    { id: 'tent', name: 'The Tent' },
  ],
  performances: [],
};
/** Amsterdam in August is UTC+2. */
const at = (local: string) => new Date(`${local}:00+02:00`);

describe('reading an organiser’s columns', () => {
  it('knows headers in English and Dutch, whatever their case and spacing', () => {
    expect(['Artist', ' ARTIEST ', 'artist name', 'Podium', 'Stage', 'Datum', 'Day', 'Start time', 'Aanvang', 'Eind-tijd', 'End', 'Titel', 'Status'].map(fieldOfHeader)).toEqual([
      'artist', 'artist', 'artist', 'stage', 'stage', 'day', 'day', 'start', 'start', 'end', 'end', 'title', 'status',
    ]);
    expect(fieldOfHeader('Fee')).toBeNull();
    expect([0, 3, 25, 26, 27].map(columnLetter)).toEqual(['A', 'D', 'Z', 'AA', 'AB']);
  });

  it('reads days as dates or weekdays of the festival, and times as organisers write them', () => {
    expect(readDay('2026-08-14', festival)).toEqual({ date: '2026-08-14' });
    expect(readDay('15-08-2026', festival)).toEqual({ date: '2026-08-15' });
    expect(readDay('16/8', festival)).toEqual({ date: '2026-08-16' });
    expect(readDay('vr 14 aug', festival)).toEqual({ date: '2026-08-14' });
    expect(readDay('Saturday', festival)).toEqual({ date: '2026-08-15' });
    expect(readDay('zondag', festival)).toEqual({ date: '2026-08-16' });
    expect(readDay('Monday', festival)).toEqual({ error: 'outside' });
    expect(readDay('2026-09-01', festival)).toEqual({ error: 'outside' });
    expect(readDay('someday', festival)).toEqual({ error: 'bad' });
    expect(['21:30', '21.30', '9:05', '21u30', '24:30', '25:00', '21:30:00', '30:00', '9pm'].map(readClock)).toEqual([
      { hour: 21, minute: 30 }, { hour: 21, minute: 30 }, { hour: 9, minute: 5 }, { hour: 21, minute: 30 }, { hour: 24, minute: 30 }, { hour: 25, minute: 0 }, { hour: 21, minute: 30 }, null, null,
    ]);
  });

  it('places times after midnight on the next calendar date, by the festival’s day boundary', () => {
    expect(placeOnNight('2026-08-14', { hour: 23, minute: 0 }, festival)).toEqual(at('2026-08-14T23:00'));
    expect(placeOnNight('2026-08-14', { hour: 0, minute: 30 }, festival)).toEqual(at('2026-08-15T00:30'));
    expect(placeOnNight('2026-08-14', { hour: 24, minute: 30 }, festival)).toEqual(at('2026-08-15T00:30'));
    expect(placeOnNight('2026-08-14', { hour: 25, minute: 0 }, festival)).toEqual(at('2026-08-15T01:00'));
    // With the boundary at 04:00, 05:00 is that morning's own day.
    expect(placeOnNight('2026-08-15', { hour: 5, minute: 0 }, { ...festival, dayStartsAtHour: 4 })).toEqual(at('2026-08-15T05:00'));
    expect(placeOnNight('2026-08-15', { hour: 5, minute: 0 }, festival)).toEqual(at('2026-08-16T05:00'));
  });
});

describe('programme import by names', () => {
  it('reads a spreadsheet paste by names, with a new artist, a set at 00:30 and one until 25:00', () => {
    const paste = ['Artist\tStage\tDay\tStart\tEnd\tTitle', 'nina\tmain stage\tFriday\t21:00\t22:30\tDJ set', 'The Newcomers\tThe Tent\t14-08-2026\t00:30\t01:30\t', 'Kae Sun\tMain Stage\tza\t23:30\t25:00\t'].join('\n');
    const { rows, errors, newArtists, newStages } = parseProgramme('csv', paste, context);
    expect(errors).toEqual([]);
    expect(newArtists).toEqual([{ id: 'the-newcomers', name: 'The Newcomers' }]);
    expect(newStages).toEqual([]);
    expect(rows.map((row) => [row.line, row.performance.artistId, row.performance.stageId, row.performance.startsAt, row.performance.endsAt, row.change])).toEqual([
      [2, 'nina', 'main', at('2026-08-14T21:00'), at('2026-08-14T22:30'), 'new'],
      [3, 'the-newcomers', 'tent', at('2026-08-15T00:30'), at('2026-08-15T01:30'), 'new'],
      [4, 'kae', 'main', at('2026-08-15T23:30'), at('2026-08-16T01:00'), 'new'],
    ]);
    expect(rows[0]!.performance.title).toBe('DJ set');
    expect(rows[1]!.performanceId).toBe(performanceIdFor(rows[1]!.performance));
  });

  it('reads Dutch headers from a semicolon CSV, creating a new stage, and the old id columns still work', () => {
    const csv = 'Artiest;Podium;Datum;Aanvang;Einde;Status\nNina;Het Bos;15-08-2026;20.00;21.00;afgelast\n';
    const { rows, errors, newStages } = parseProgramme('csv', csv, context);
    expect(errors).toEqual([]);
    expect(newStages).toEqual([{ id: 'het-bos', name: 'Het Bos' }]);
    expect(rows[0]!.performance).toMatchObject({ stageId: 'het-bos', status: 'cancelled', startsAt: at('2026-08-15T20:00') });
    const byIds = parseProgramme('csv', 'artistId,stageId,startsAt,endsAt\nnina,main,2026-08-14 21:00,2026-08-14 22:30\n', context);
    expect(byIds.errors).toEqual([]);
    expect(byIds.rows[0]!.performance).toMatchObject({ artistId: 'nina', stageId: 'main', startsAt: at('2026-08-14T21:00'), endsAt: at('2026-08-14T22:30') });
  });

  it('says what is wrong with each row in plain words, in English and Dutch, naming the cell', () => {
    const csv = [
      'artist,stage,day,start,end,status',
      'Nina,Main Stage,Friday,9pm,22:00,',
      'Nina,Main Stage,Monday,21:00,22:00,',
      'Nina,,Friday,21:00,22:00,',
      'Nina,Main Stage,Friday,21:00,21:00,',
      'Nina,Main Stage,Friday,21:00,22:00,maybe',
      'Kae Sun,Main Stage,Friday,10:00,23:00,',
      'Kae Sun,The Tent,Saturday,20:00,21:00,',
      'kae sun,the tent,Saturday,20:00,21:30,',
    ].join('\n');
    const { errors } = parseProgramme('csv', csv, context);
    expect(errors.map((error) => [error.line, error.cell, error.problem.code])).toEqual([
      [2, 'D2', 'bad-time'],
      [3, 'C3', 'day-outside'],
      [4, 'B4', 'empty'],
      // 21:00 to 21:00 is not a 24-hour set but an end that is not after its start (issue 36).
      [5, 'E5', 'end-before-start'],
      [6, 'F6', 'bad-status'],
      [7, 'E7', 'too-long-set'],
      [9, null, 'duplicate'],
    ]);
    expect(errors[0]!.message).toBe('Cell D2 (start): “9pm” is not a time. Write it like 21:30; after midnight 00:30 (on the night’s day) or 24:30.');
    expect(message('importError', 'nl', errors[0]!)).toBe('Cel D2 (start): “9pm” is geen tijd. Schrijf hem als 21:30; na middernacht 00:30 (op de dag van die nacht) of 24:30.');
    expect(message('importError', 'nl', errors[2]!)).toBe('Cel B4 (podium): Niets ingevuld bij podium.');
    expect(errors[4]!.message).toBe('Cell F6 (status): “maybe” is not a status: leave it empty or write scheduled or cancelled.');
    expect(message('importError', 'nl', errors[3]!)).toBe('Cel E5 (einde): De set eindigt (21:00) voordat hij begint (21:00): controleer beide tijden. (Een einde na middernacht, zoals 00:30, wordt gelezen als de volgende ochtend.)');
    expect(message('importError', 'nl', errors[5]!)).toBe('Cel E7 (einde): Een set duurt hoogstens 12 uur.');
  });

  it('names the columns a file lacks', () => {
    const { errors } = parseProgramme('csv', 'name,when\nNina,21:00\n', context);
    expect(errors.map((error) => error.message)).toEqual([
      'There is no “stage” column. The first row should name the columns, e.g. artist, stage, day, start, end.',
      'There is no “start” column. The first row should name the columns, e.g. artist, stage, day, start, end.',
      'There is no “end” column. The first row should name the columns, e.g. artist, stage, day, start, end.',
    ]);
  });
});

describe('importing again', () => {
  const csv = 'artist,stage,day,start,end\nNina,Main Stage,Friday,21:00,22:30\nKae Sun,The Tent,Saturday,00:30,01:30\n';
  const first = parseProgramme('csv', csv, context);
  const existing = first.rows.map((row) => ({ id: row.performanceId, performance: row.performance }));
  const again = { ...context, performances: existing };

  it('changes nothing when the file is the same', () => {
    expect(parseProgramme('csv', csv, again).rows.map((row) => [row.performanceId, row.change])).toEqual(existing.map((set) => [set.id, 'unchanged']));
  });

  it('moves a set to another time, stage or day rather than adding it twice', () => {
    const moved = 'artist,stage,day,start,end,status\nNina,The Tent,Friday,23:00,24:00,\nKae Sun,The Tent,Sunday,20:00,21:00,cancelled\n';
    const { rows, errors } = parseProgramme('csv', moved, again);
    expect(errors).toEqual([]);
    expect(rows.map((row) => [row.performanceId, row.change, row.performance.stageId, row.performance.startsAt])).toEqual([
      [existing[0]!.id, 'moved', 'tent', at('2026-08-14T23:00')],
      [existing[1]!.id, 'moved', 'tent', at('2026-08-16T20:00')],
    ]);
    // A second set for an artist on another day is a new set, not a move.
    const twoSets = parseProgramme('csv', `${csv}Nina,Main Stage,Sunday,18:00,19:00\n`, again);
    expect(twoSets.rows.map((row) => row.change)).toEqual(['unchanged', 'unchanged', 'new']);
  });
});
