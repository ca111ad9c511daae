import { describe, expect, it } from 'vitest';
import { performanceIdFor } from '@encore/model';
import { parseProgramme } from './programme-import.js';

const context = { timeZone: 'Europe/Amsterdam', artistIds: new Set(['nina', 'kae']), stageIds: new Set(['main', 'tent']) };

describe('programme import', () => {
  it('reads CSV with local festival times and content-derived ids', () => {
    const csv = 'artistId,stageId,startsAt,endsAt,status,title\nnina,main,2026-08-14 21:00,2026-08-14 22:30,,DJ set\nkae,tent,2026-08-14T23:00:00Z,2026-08-15T00:00:00Z,cancelled,\n';
    const { rows, errors } = parseProgramme('csv', csv, context);
    expect(errors).toEqual([]);
    expect(rows[0]!.performance).toEqual({
      artistId: 'nina',
      stageId: 'main',
      startsAt: new Date('2026-08-14T19:00:00Z'),
      endsAt: new Date('2026-08-14T20:30:00Z'),
      status: 'scheduled',
      title: 'DJ set',
    });
    expect(rows[0]!.performanceId).toBe(performanceIdFor(rows[0]!.performance));
    expect(rows[1]!.performance.status).toBe('cancelled');
  });

  it('reports every bad row by its line', () => {
    const csv = [
      'artistId,stageId,startsAt,endsAt',
      'nina,main,2026-08-14 21:00,2026-08-14 22:00',
      'ghost,main,2026-08-14 21:00,2026-08-14 22:00',
      'kae,roof,2026-08-14 21:00,2026-08-14 22:00',
      'kae,tent,tonight,2026-08-14 22:00',
      'kae,tent,2026-08-14 23:00,2026-08-14 22:00',
      'nina,main,2026-08-14 21:00,2026-08-14 23:00',
    ].join('\n');
    const { errors } = parseProgramme('csv', csv, context);
    expect(errors).toEqual([
      { line: 3, message: 'artistId: no such artist in this festival' },
      { line: 4, message: 'stageId: no such stage in this festival' },
      { line: 5, message: 'startsAt: must be a date-time such as 2026-08-14 21:30' },
      { line: 6, message: 'endsAt: endsAt must be after startsAt' },
      { line: 7, message: 'duplicates line 2 (same artist, stage and start)' },
    ]);
  });

  it('reads JSON arrays, refuses unknown fields and malformed documents', () => {
    const ok = parseProgramme('json', JSON.stringify([{ artistId: 'nina', stageId: 'main', startsAt: '2026-08-14T21:00+02:00', endsAt: '2026-08-14T22:00+02:00' }]), context);
    expect(ok.errors).toEqual([]);
    expect(ok.rows[0]!.performance.startsAt).toEqual(new Date('2026-08-14T19:00:00Z'));
    const extra = parseProgramme('json', JSON.stringify([{ artistId: 'nina', stageId: 'main', startsAt: '2026-08-14 21:00', endsAt: '2026-08-14 22:00', stage: 'x' }]), context);
    expect(extra.errors[0]!.line).toBe(1);
    expect(extra.errors[0]!.message).toContain('stage');
    expect(parseProgramme('json', '{"not":"an array"}', context).errors).toEqual([{ line: 1, message: 'JSON must be an array of performances' }]);
    expect(parseProgramme('json', '[', context).errors[0]!.message).toMatch(/^not valid JSON/);
    expect(parseProgramme('csv', 'artistId,stageId\n"unclosed,main', context).errors[0]!.message).toMatch(/^not valid CSV/);
  });
});
