import { festivalDayOf } from '@encore/model';
import { describe, expect, it } from 'vitest';
import { seedProgramme } from '../../test-fixtures';
import { PRINT_DAY_CHROME_MM, PRINT_HEADER_MM, PRINT_HEIGHT_MM, printTimetable } from './print-layout';

const programme = seedProgramme();
const day = (set: { startsAt: Date }) => festivalDayOf(set.startsAt, programme.festival);

describe('the printed timetable’s layout', () => {
  it('draws a band for each day the person has sets on, with every set of that day, scaled to fit the page', () => {
    const picks = programme.performances.filter((_, index) => index % 9 === 0).slice(0, 16);
    const model = printTimetable(programme, new Set(picks.map((set) => set.id)));
    expect(model.days.map((band) => band.date)).toEqual([...new Set(picks.map(day))]);
    for (const band of model.days) expect(band.sets.length).toBe(programme.performances.filter((set) => day(set) === band.date).length);
    const height = PRINT_HEADER_MM + model.days.reduce((total, band) => total + PRINT_DAY_CHROME_MM + band.layout.minutes * model.mmPerMinute, 0);
    expect(height).toBeLessThanOrEqual(PRINT_HEIGHT_MM + 1e-9);
  });

  it('gives a single day more room, up to 12 mm an hour', () => {
    const first = programme.performances[0]!;
    const model = printTimetable(programme, new Set([first.id]));
    expect(model.days).toHaveLength(1);
    expect(model.mmPerMinute).toBe(0.2);
  });

  it('marks the person’s clashes: overlaps and tight change-overs', () => {
    const a = programme.performances.find((set) => programme.performances.some((other) => other.stageId !== set.stageId && other.startsAt > set.startsAt && other.startsAt < set.endsAt))!;
    const b = programme.performances.find((other) => other.stageId !== a.stageId && other.startsAt > a.startsAt && other.startsAt < a.endsAt)!;
    const model = printTimetable(programme, new Set([a.id, b.id]));
    expect([...model.overlapping].sort()).toEqual([a.id, b.id].sort());
    expect(model.clashCount).toBe(1);
  });
});
