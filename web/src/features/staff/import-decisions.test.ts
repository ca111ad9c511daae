import { describe, expect, it } from 'vitest';
import { decisionsOf, NO_CHOICES, undecided } from './import-decisions';

const names = {
  stages: [
    { id: 'main-stgae', name: 'Main Stgae', similar: [{ id: 'main', name: 'Main Stage' }] },
    { id: 'forest', name: 'Forest' },
  ],
  artists: [
    { id: 'amara-okafr', name: 'Amara Okafr', similar: [{ id: 'amara-okafor', name: 'Amara Okafor' }] },
    { id: 'the-newcomers', name: 'The Newcomers' },
  ],
};

describe('import decisions', () => {
  it('wait for every new stage and every new artist near an existing one, not for other new artists', () => {
    expect(undecided(names, NO_CHOICES).map((name) => name.id)).toEqual(['main-stgae', 'forest', 'amara-okafr']);
    expect(undecided(names, { stages: { 'main-stgae': { use: 'main' }, forest: 'create' }, artists: { 'amara-okafr': 'create' } })).toEqual([]);
  });

  it('send the existing names chosen as `use` and the stages to create as `createStages`', () => {
    expect(decisionsOf({ stages: { 'main-stgae': { use: 'main' }, forest: 'create' }, artists: { 'amara-okafr': { use: 'amara-okafor' } } })).toEqual({
      use: { stages: { 'main-stgae': 'main' }, artists: { 'amara-okafr': 'amara-okafor' } },
      createStages: ['forest'],
    });
  });
});
