import { describe, expect, it } from 'vitest';
import { nowAndNext, stageOverlaps, type TimedSet } from './now-next.js';

const set = (id: string, stageId: string, start: string, end: string, status: TimedSet['status'] = 'scheduled'): TimedSet => ({
  id,
  stageId,
  startsAt: new Date(`2026-08-14T${start}:00Z`),
  endsAt: new Date(`2026-08-14T${end}:00Z`),
  status,
});

const sets = [
  set('a1', 'main', '18:00', '19:00'),
  set('a2', 'main', '19:30', '20:30'),
  set('a3', 'main', '21:00', '22:00'),
  set('b1', 'tent', '18:30', '19:45'),
  set('b2', 'tent', '20:00', '21:00', 'cancelled'),
  set('b3', 'tent', '21:15', '22:00'),
];
const at = (time: string) => new Date(`2026-08-14T${time}:00Z`);
const ids = (result: ReturnType<typeof nowAndNext>) => result.map((r) => [r.stageId, r.now?.id ?? null, r.next?.id ?? null]);

describe('nowAndNext', () => {
  it('finds the playing set and the next one per stage, in stage order', () => {
    expect(ids(nowAndNext(sets, ['main', 'tent'], at('18:45')))).toEqual([
      ['main', 'a1', 'a2'],
      ['tent', 'b1', 'b3'],
    ]);
  });

  it('treats the start as inclusive and the end as exclusive', () => {
    expect(ids(nowAndNext(sets, ['main'], at('19:00')))).toEqual([['main', null, 'a2']]);
    expect(ids(nowAndNext(sets, ['main'], at('19:30')))).toEqual([['main', 'a2', 'a3']]);
  });

  it('skips cancelled sets for both now and next', () => {
    expect(ids(nowAndNext(sets, ['tent'], at('20:30')))).toEqual([['tent', null, 'b3']]);
  });

  it('answers nothing after the last set and for a stage with no sets', () => {
    expect(ids(nowAndNext(sets, ['main', 'pier'], at('23:00')))).toEqual([
      ['main', null, null],
      ['pier', null, null],
    ]);
  });

  it('updates as the clock moves through a whole evening', () => {
    const timeline = ['17:00', '18:00', '19:15', '20:00', '20:45', '21:00', '22:00'].map(
      (time) => nowAndNext(sets, ['main'], at(time))[0]!.now?.id ?? '-',
    );
    expect(timeline).toEqual(['-', 'a1', '-', 'a2', '-', 'a3', '-']);
  });
});

describe('stageOverlaps', () => {
  it('reports sets that overlap on the same stage only', () => {
    const clashing = [...sets, set('a4', 'main', '21:45', '22:30'), set('c1', 'pier', '21:00', '22:00')];
    expect(stageOverlaps(clashing).map(([x, y]) => [x.id, y.id])).toEqual([['a3', 'a4']]);
  });

  it('ignores back-to-back sets and cancelled ones', () => {
    const programme = [set('x', 'main', '18:00', '19:00'), set('y', 'main', '19:00', '20:00'), set('z', 'main', '18:30', '19:30', 'cancelled')];
    expect(stageOverlaps(programme)).toEqual([]);
  });
});
