import { encore2026 } from '@encore/model/seed';
import { describe, expect, it } from 'vitest';
import { busiestMoment, festivalTimeParameter } from './busiest-moment.js';

const at = (time: string) => new Date(`2026-08-14T${time}:00Z`);
const set = (stageId: string, from: string, to: string) => ({ stageId, startsAt: at(from), endsAt: at(to) });

describe('busiestMoment', () => {
  it('finds the earliest start with the most stages live, counting a set until just before its end', () => {
    const sets = [set('main', '18:00', '19:00'), set('tent', '18:30', '19:30'), set('pier', '19:00', '20:00'), set('main', '19:00', '20:00')];
    // 18:30: main and tent. 19:00: tent, pier and main again (the 18:00 main set has just ended).
    expect(busiestMoment(sets)).toEqual({ at: at('19:00'), liveStages: 3 });
  });

  it('counts a stage once, however many of its sets overlap', () => {
    expect(busiestMoment([set('main', '18:00', '20:00'), set('main', '19:00', '21:00')])).toEqual({ at: at('18:00'), liveStages: 1 });
  });

  it('has no moment for an empty programme', () => {
    expect(busiestMoment([])).toBeNull();
  });

  it('finds a moment of the seed festival when every stage plays, in festival time', () => {
    const programme = encore2026();
    const moment = busiestMoment(programme.performances.map(({ data }) => data))!;
    expect(moment.liveStages).toBe(programme.stages.length);
    const live = programme.performances.filter(({ data }) => data.startsAt <= moment.at && moment.at < data.endsAt);
    expect(new Set(live.map(({ data }) => data.stageId)).size).toBe(programme.stages.length);
    expect(festivalTimeParameter(moment.at, programme.festival.timeZone)).toMatch(/^2026-08-\d\dT\d\d:\d\d$/);
  });

  it('writes the wall-clock time of the festival, not UTC', () => {
    expect(festivalTimeParameter(new Date('2026-08-14T19:05:00Z'), 'Europe/Amsterdam')).toBe('2026-08-14T21:05');
  });
});
