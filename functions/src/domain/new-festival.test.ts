import { describe, expect, it } from 'vitest';
import { contrastProblems, type Festival } from '@encore/model';
import { describeContrastProblems, isRetryOfCreation } from './new-festival.js';

describe('describeContrastProblems', () => {
  it('names each field and what it falls short against, with the ratio rounded down', () => {
    expect(describeContrastProblems(contrastProblems({ primary: '#ffd400', secondary: '#2a1038' }))).toEqual([
      'festival.colours.primary: white text on it has 1.4:1, needs 4.5:1',
      'festival.colours.primary: on the light theme’s background it has 1.3:1, needs 3:1',
    ]);
    // 4.48:1 is short of 4.5:1 and must not read as 4.5:1.
    expect(describeContrastProblems(contrastProblems({ primary: '#777777', secondary: '#777777' }))).toEqual([
      'festival.colours.primary: white text on it has 4.4:1, needs 4.5:1',
      'festival.colours.secondary: light text on it has 4.2:1, needs 4.5:1',
    ]);
    expect(describeContrastProblems(contrastProblems({ primary: '#7a1fa2', secondary: '#2a1038' }))).toEqual(['festival.colours.primary: on the dark theme’s background it has 2.3:1, needs 3:1']);
    expect(describeContrastProblems(contrastProblems({ primary: '#c0392b', secondary: '#2a1038' }))).toEqual([]);
  });
});

describe('isRetryOfCreation', () => {
  const festival: Festival = { name: 'Zomer Klanken', timeZone: 'Europe/Amsterdam', startsOn: '2027-07-02', endsOn: '2027-07-04', venue: 'Park', colours: { primary: '#c0392b', secondary: '#2a1038' } };
  const own = { role: 'admin', addedAt: new Date(), addedBy: 'ada' } as const;

  it('is the creator asking again for exactly the festival they created', () => {
    expect(isRetryOfCreation('ada', festival, structuredClone(festival), own)).toBe(true);
  });

  it('is not another festival, another person, or an admin someone else added', () => {
    expect(isRetryOfCreation('ada', { ...festival, venue: 'Pier' }, festival, own)).toBe(false);
    expect(isRetryOfCreation('ada', { ...festival, colours: { primary: '#c0392b', secondary: '#2a1039' } }, festival, own)).toBe(false);
    expect(isRetryOfCreation('bob', festival, festival, undefined)).toBe(false);
    expect(isRetryOfCreation('ada', festival, festival, { ...own, addedBy: 'bob' })).toBe(false);
    expect(isRetryOfCreation('ada', festival, festival, { ...own, role: 'programme', addedBy: 'ada' })).toBe(false);
  });
});
