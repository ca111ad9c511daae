// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { emptyFestivalForm, formOfFestival, toFestivalFields } from '../organiser/festival-form';
import { festivalPatch, isEmptyPatch } from './festival-patch';
import { setsOutsideDays } from './schedule-warnings';

const saved = {
  name: 'Zomer Klanken',
  shortName: 'ZK',
  timeZone: 'Europe/Amsterdam',
  startsOn: '2027-07-02',
  endsOn: '2027-07-04',
  venue: 'Het Park',
  links: { website: 'https://zomerklanken.nl/', instagram: 'https://instagram.com/zk' },
  originalRetentionDays: 30,
};

describe('what a save of the Festival page writes', () => {
  it('writes nothing for a form filled from the document and left alone, whatever defaults the form shows', () => {
    const form = formOfFestival('zk-2027', saved);
    expect(form).toMatchObject({ dayStartsAtHour: 6, languages: ['en', 'nl'], defaultLanguage: 'en', primary: '#c8185b', address: '' });
    expect(isEmptyPatch(festivalPatch(toFestivalFields(form), toFestivalFields({ ...form })))).toBe(true);
  });

  it('writes only the changed fields, deletes the emptied optional ones, and never names a field the form does not own', () => {
    const before = formOfFestival('zk-2027', saved);
    const after = { ...before, venue: 'Het Bos', shortName: ' ', links: { ...before.links, instagram: '' }, primary: '#0F7B6C' };
    const patch = festivalPatch(toFestivalFields(before), toFestivalFields(after));
    expect(patch).toEqual({
      set: { venue: 'Het Bos', colours: { primary: '#0f7b6c', secondary: '#24102f' }, links: { website: 'https://zomerklanken.nl/' } },
      remove: ['shortName'],
    });
    expect(JSON.stringify(patch)).not.toContain('originalRetentionDays');
  });

  it('deletes the links map once every link is emptied', () => {
    const before = formOfFestival('zk-2027', saved);
    const after = { ...before, links: emptyFestivalForm('UTC').links };
    expect(festivalPatch(toFestivalFields(before), toFestivalFields(after))).toEqual({ set: {}, remove: ['links'] });
  });
});

describe('sets outside the festival’s days', () => {
  const festival = { timeZone: 'Europe/Amsterdam', dayStartsAtHour: 6, startsOn: '2027-07-02', endsOn: '2027-07-04' };
  // Friday 21:00, Sunday 01:30 (Saturday night's), Monday 05:00 (Sunday night's) in Amsterdam (UTC+2).
  const sets = [new Date('2027-07-02T19:00:00Z'), new Date('2027-07-03T23:30:00Z'), new Date('2027-07-05T03:00:00Z')].map((startsAt) => ({ startsAt }));

  it('counts none inside, and those before the first day or after the last night', () => {
    expect(setsOutsideDays(sets, festival)).toBe(0);
    expect(setsOutsideDays(sets, { ...festival, startsOn: '2027-07-03' })).toBe(1);
    expect(setsOutsideDays(sets, { ...festival, endsOn: '2027-07-03' })).toBe(1);
    // Days starting at 04:00: Monday 05:00 belongs to Monday, which is not a festival day.
    expect(setsOutsideDays(sets, { ...festival, dayStartsAtHour: 4 })).toBe(1);
  });

  it('says nothing while the dates cannot make days', () => {
    expect(setsOutsideDays(sets, { ...festival, endsOn: '' })).toBeNull();
    expect(setsOutsideDays(sets, { ...festival, endsOn: '2027-07-01' })).toBeNull();
    expect(setsOutsideDays(sets, { ...festival, timeZone: 'Nowhere/Town' })).toBeNull();
  });
});
