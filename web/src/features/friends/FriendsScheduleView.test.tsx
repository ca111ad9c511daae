import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithIntl } from '../../i18n/test-utils';
import { seedProgramme } from '../../test-fixtures';
import type { PersonPlan } from './friends-hours';
import { FriendsScheduleView } from './FriendsScheduleView';

const programme = seedProgramme();
const MIKA = 'mika-tanaka-greenhouse-0815-1910-0l3qs0q';
const FREYA = 'freya-lindqvist-the-pier-0815-1920-0wvkoft';
const fridaySet = programme.performances.find((set) => set.startsAt.toISOString().startsWith('2026-08-14T18') && set.status !== 'cancelled')!;
const friday = new Date('2026-08-14T12:00:00Z');
const people: PersonPlan[] = [
  { key: 'me', name: '', me: true, sets: new Map([[MIKA, 'must'], [fridaySet.id, null]]) },
  { key: 'fs-vera', name: 'Vera', me: false, sets: new Map([[MIKA, null], [FREYA, 'maybe']]) },
];
const artist = (id: string) => programme.artists.get(programme.performances.find((set) => set.id === id)!.artistId)!.name;

describe('the friends view (component)', () => {
  it("opens on today's festival day, and the day buttons switch days by keyboard", async () => {
    renderWithIntl(<FriendsScheduleView programme={programme} people={people} now={friday} />);
    const days = within(screen.getByRole('group', { name: 'Festival day' })).getAllByRole('button');
    expect(days.map((day) => day.getAttribute('aria-pressed'))).toEqual(['true', 'false']);
    expect(screen.getAllByRole('link', { name: artist(fridaySet.id) }).length).toBeGreaterThan(0);
    days[1]!.focus();
    await userEvent.keyboard('{Enter}');
    expect(days[1]!.getAttribute('aria-pressed')).toBe('true');
    expect(screen.queryAllByRole('link', { name: artist(fridaySet.id) })).toEqual([]);
    expect(screen.getAllByRole('link', { name: artist(MIKA) }).length).toBeGreaterThan(0);
  });

  it('shows each hour with where each friend will be, and marks the set we both plan "Together"', () => {
    renderWithIntl(<FriendsScheduleView programme={programme} people={people} now={new Date('2026-08-15T12:00:00Z')} />);
    const nine = screen.getByRole('region', { name: '21:00' });
    const sets = within(nine).getAllByTestId('friends-hour-set');
    expect(sets.map((set) => within(set).getAllByRole('link')[0]!.textContent)).toEqual([artist(MIKA), artist(FREYA)]);
    expect(within(sets[0]!).getByText('Together')).toBeTruthy();
    expect(within(within(sets[0]!).getByRole('list', { name: 'Who plans it' })).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['You · Must-see', 'Vera']);
    expect(within(sets[1]!).queryByText('Together')).toBeNull();
    expect(within(sets[1]!).getByRole('list', { name: 'Who plans it' }).textContent).toBe('Vera · Maybe');
    expect(screen.getByRole('region', { name: '22:00' })).toBeTruthy();
  });

  it('speaks Dutch', () => {
    renderWithIntl(<FriendsScheduleView programme={programme} people={people} now={new Date('2026-08-15T12:00:00Z')} />, { locale: 'nl' });
    expect(screen.getByRole('group', { name: 'Festivaldag' })).toBeTruthy();
    expect(screen.getAllByText('Samen').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Jij', { exact: false }).length).toBeGreaterThan(0);
  });

  it('says so when nobody plans anything yet', () => {
    renderWithIntl(<FriendsScheduleView programme={programme} people={[{ key: 'me', name: '', me: true, sets: new Map() }]} now={friday} />);
    expect(screen.getByText('No plans yet')).toBeTruthy();
  });
});
