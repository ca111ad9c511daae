import { describe, expect, it } from 'vitest';
import { seedProgramme } from '../../test-fixtures';
import { nextUp } from './next-up';

const programme = seedProgramme();
const byId = (id: string) => programme.performances.find((set) => set.id === id)!;
const lunarComets = byId('the-lunar-comets-main-stage-0815-1815-16bezz4'); // Main Stage 20:15–21:15
const mika = byId('mika-tanaka-greenhouse-0815-1910-0l3qs0q'); // Greenhouse 21:10–22:25
const ironWolves = byId('the-iron-wolves-main-stage-0815-1700-0d1sn4k'); // Main Stage 19:00–20:00
const nine = new Date('2026-08-15T21:00:00+02:00');

describe('nextUp', () => {
  it('gives what of mine plays now and the first of mine still to start, skipping what is over', () => {
    expect(nextUp([mika, ironWolves, lunarComets], nine)).toEqual({ playing: [lunarComets], next: mika });
  });

  it('never offers a cancelled set', () => {
    expect(nextUp([{ ...mika, status: 'cancelled' }, { ...lunarComets, status: 'cancelled' }], nine)).toEqual({ playing: [], next: null });
  });
});
