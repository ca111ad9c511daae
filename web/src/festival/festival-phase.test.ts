import { describe, expect, it } from 'vitest';
import { seedProgramme } from '../test-fixtures';
import { festivalIsOver, festivalPhase } from './festival-phase';

const { festival } = seedProgramme();

describe('festivalPhase', () => {
  it('is before until the first festival day begins, on through its last night, after once that night is over', () => {
    // The seed's days start at 06:00 in Amsterdam: Friday 14 August to the Monday morning.
    expect(festivalPhase(festival, new Date('2026-08-14T03:59:00Z'))).toBe('before');
    expect(festivalPhase(festival, new Date('2026-08-14T04:00:00Z'))).toBe('on');
    expect(festivalPhase(festival, new Date('2026-08-17T03:59:00Z'))).toBe('on');
    expect(festivalPhase(festival, new Date('2026-08-17T04:00:00Z'))).toBe('after');
  });
});

describe('festivalIsOver', () => {
  it('is over after the last night, or from the moment it is archived, whichever comes first', () => {
    expect(festivalIsOver(festival, new Date('2026-08-17T03:59:00Z'))).toBe(false);
    expect(festivalIsOver(festival, new Date('2026-08-17T04:00:00Z'))).toBe(true);
    expect(festivalIsOver({ ...festival, archivedAt: new Date('2026-08-16T10:00:00Z') }, new Date('2026-08-16T12:00:00Z'))).toBe(true);
    expect(festivalIsOver({ ...festival, archivedAt: null }, new Date('2026-08-16T12:00:00Z'))).toBe(false);
  });
});
