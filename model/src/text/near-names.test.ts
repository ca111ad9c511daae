import { describe, expect, it } from 'vitest';
import { nearNames } from './near-names.js';

const stages = [
  { id: 'main-stage', name: 'Main Stage' },
  { id: 'the-pier', name: 'The Pier' },
  { id: 'tent', name: 'Tent' },
  { id: 'dune-bar', name: 'Dune Bar' },
];

describe('nearNames', () => {
  it('finds the stage a typo meant: swapped letters, a missing letter, another case or accent', () => {
    expect(nearNames('Main Stgae', stages).map((s) => s.id)).toEqual(['main-stage']);
    expect(nearNames('Main Stge', stages).map((s) => s.id)).toEqual(['main-stage']);
    expect(nearNames('Dune Bär ', stages).map((s) => s.id)).toEqual([]); // the same slug: the same stage, not a near one
    expect(nearNames('Dunes Bar', stages).map((s) => s.id)).toEqual(['dune-bar']);
  });

  it('leaves short names alone unless one letter apart, and different names alone', () => {
    expect(nearNames('Test', stages)).toEqual([]);
    expect(nearNames('Tents', stages).map((s) => s.id)).toEqual(['tent']);
    expect(nearNames('Forest', stages)).toEqual([]);
    expect(nearNames('Lighthouse Club', stages)).toEqual([]);
  });

  it('lists several near names nearest first, and ignores a name with no letters', () => {
    const names = [{ id: 'a', name: 'Amara Okafor' }, { id: 'b', name: 'Amara Okafur' }];
    expect(nearNames('Amara Okafr', names).map((n) => n.id)).toEqual(['a', 'b']);
    expect(nearNames('!!!', names)).toEqual([]);
  });
});
