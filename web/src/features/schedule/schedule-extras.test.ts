import { describe, expect, it } from 'vitest';
import { seedProgramme } from '../../test-fixtures';
import { scheduleToIcs } from './ics-export';
import { idsFromShareLink, shareLink } from './share-link';

const programme = seedProgramme();

describe('calendar export', () => {
  it('writes one UTC event per set with a stable uid and the stage as location', () => {
    const sets = programme.performances.slice(0, 3);
    const ics = scheduleToIcs(programme, sets, 'https://encore.example', { set: 'Set', stage: 'Stage', calendar: 'Encore: my schedule' });
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(3);
    const first = sets[0]!;
    const stamp = first.startsAt.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
    expect(ics).toContain(`DTSTART:${stamp}`);
    expect(ics).toContain(`UID:${first.id}@encore-2026.encore`);
    expect(ics).toContain(`${programme.stages.find((stage) => stage.id === first.stageId)!.name}`);
  });
});

describe('share link', () => {
  it('round-trips the set ids through the URL', () => {
    const link = shareLink('https://encore.example', ['b-set', 'a-set']);
    expect(link).toBe('https://encore.example/shared?sets=a-set,b-set');
    expect(idsFromShareLink(new URL(link).search)).toEqual(['a-set', 'b-set']);
    expect(idsFromShareLink('?sets=')).toEqual([]);
  });
});
