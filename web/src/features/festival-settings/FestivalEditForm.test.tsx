import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Festival } from '@encore/model';
import { renderWithIntl } from '../../i18n/test-utils';
import type { FestivalPatch } from './festival-patch';
import { FestivalEditForm } from './FestivalEditForm';
import { TimeZoneNotice } from './ScheduleNotices';
import { formOfFestival } from '../organiser/festival-form';

const saveFestival = vi.fn<(festivalId: string, patch: FestivalPatch) => Promise<void>>();
vi.mock('./api/save-festival', () => ({ saveFestival: (festivalId: string, patch: FestivalPatch) => saveFestival(festivalId, patch) }));
let sets: Array<{ startsAt: Date }> = [];
vi.mock('../../festival/FestivalContext', () => ({ useFestival: () => ({ programme: { performances: sets } }) }));

// A long form on a busy machine: fields are found by their label, buttons by their text (see CreateFestivalForm.test.tsx).
vi.setConfig({ testTimeout: 60_000 });
const textbox = (name: string) => screen.getByLabelText(name, { selector: 'input, textarea' }) as HTMLInputElement;
const button = (name: string) => {
  const found = screen.getByText(name).closest('button');
  if (!found) throw new Error(`no button ${name}`);
  return found;
};
const describedBy = (field: HTMLElement) =>
  (field.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' | ');
async function fill(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.clear(field);
  if (text) {
    await user.click(field);
    await user.paste(text);
  }
}

const saved: Festival = {
  name: 'Zomer Klanken',
  shortName: 'ZK',
  timeZone: 'Europe/Amsterdam',
  startsOn: '2027-07-02',
  endsOn: '2027-07-04',
  venue: 'Het Park',
  languages: ['en', 'nl'],
  defaultLanguage: 'nl',
  colours: { primary: '#0f7b6c', secondary: '#24102f' },
  links: { website: 'https://zomerklanken.nl/' },
  originalRetentionDays: 30,
};

function renderForm(props: Partial<Parameters<typeof FestivalEditForm>[0]> = {}, locale: 'en' | 'nl' = 'en') {
  const all = { festivalId: 'zk-2027', festival: saved, pendingWrites: false, offline: false, ...props };
  const view = renderWithIntl(<FestivalEditForm {...all} />, { locale });
  return { ...view, rerenderWith: (next: Partial<typeof all>) => view.rerender(<FestivalEditForm {...all} {...next} />) };
}

beforeEach(() => {
  saveFestival.mockReset();
  sets = [];
});

describe('FestivalEditForm', () => {
  it('shows the festival as saved, its address fixed, and nothing to save until something changes', () => {
    renderForm();
    expect(textbox('Name').value).toBe('Zomer Klanken');
    expect(textbox('Short name').value).toBe('ZK');
    expect(textbox('Venue').value).toBe('Het Park');
    expect(textbox('Main colour').value).toBe('#0f7b6c');
    expect(textbox('Website').value).toBe('https://zomerklanken.nl/');
    expect((screen.getByLabelText('Default language') as HTMLSelectElement).value).toBe('nl');
    expect(screen.getByText('/f/zk-2027')).toBeTruthy();
    expect(screen.queryByLabelText('Web address', { selector: 'input' })).toBeNull();
    expect((button('Save the changes') as HTMLButtonElement).disabled).toBe(true);
  });

  it('saves only what was changed (an emptied field deleted), shows the save under way, then saved', async () => {
    const user = userEvent.setup({ delay: null });
    let finish: () => void = () => {};
    saveFestival.mockImplementation(() => new Promise<void>((resolve) => (finish = resolve)));
    const view = renderForm();
    await fill(user, textbox('Venue'), 'Het Bos');
    await fill(user, textbox('Short name'), '');
    expect(screen.getByRole('status').textContent).toBe('Unsaved changes');
    await user.click(button('Save the changes'));
    expect(saveFestival).toHaveBeenCalledWith('zk-2027', { set: { venue: 'Het Bos' }, remove: ['shortName'] });
    expect(screen.getByRole('status').textContent).toBe('Saving…');
    // The listener shows the local write at once; the form keeps what was typed.
    view.rerenderWith({ festival: { ...saved, venue: 'Het Bos', shortName: undefined }, pendingWrites: true });
    expect(textbox('Venue').value).toBe('Het Bos');
    await act(async () => finish());
    view.rerenderWith({ festival: { ...saved, venue: 'Het Bos', shortName: undefined }, pendingWrites: false });
    expect(screen.getByRole('status').textContent).toBe('Saved: visitors see the changes.');
    expect((button('Save the changes') as HTMLButtonElement).disabled).toBe(true);
  });

  it('says a save made offline waits on this device', async () => {
    const user = userEvent.setup({ delay: null });
    saveFestival.mockImplementation(() => new Promise<void>(() => {}));
    renderForm({ offline: true });
    await fill(user, textbox('Venue'), 'Het Bos');
    await user.click(button('Save the changes'));
    expect(screen.getByRole('status').textContent).toBe('Offline: saved on this device, and sent when the connection is back.');
  });

  it('refuses bad fields beside them and sends nothing; a refused save keeps the edits to try again', async () => {
    const user = userEvent.setup({ delay: null });
    renderForm();
    await fill(user, textbox('Name'), '');
    await fill(user, textbox('Instagram'), 'https://example.com/zk');
    await user.click(button('Save the changes'));
    expect(saveFestival).not.toHaveBeenCalled();
    expect(describedBy(textbox('Name'))).toContain('Fill this in.');
    expect(describedBy(textbox('Instagram'))).toContain('Use an https link on instagram.com.');
    expect(screen.getByRole('alert').textContent).toContain('2 fields need your attention: see the messages beside them. Nothing was saved.');

    saveFestival.mockRejectedValueOnce(Object.assign(new Error('denied'), { code: 'permission-denied' }));
    await fill(user, textbox('Name'), 'Zomer Klanken XL');
    await fill(user, textbox('Instagram'), '');
    await user.click(button('Save the changes'));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Unsaved changes'));
    expect(textbox('Name').value).toBe('Zomer Klanken XL');
    expect((button('Save the changes') as HTMLButtonElement).disabled).toBe(false);
  });

  it('follows the document while untouched, and never overwrites what is being typed', async () => {
    const user = userEvent.setup({ delay: null });
    const view = renderForm();
    view.rerenderWith({ festival: { ...saved, venue: 'Het Strand' } });
    expect(textbox('Venue').value).toBe('Het Strand');
    await fill(user, textbox('Name'), 'Zomer Klanken XL');
    view.rerenderWith({ festival: { ...saved, venue: 'Het Bos' } });
    expect(textbox('Name').value).toBe('Zomer Klanken XL');
  });

  it('warns beside the dates when the festival has sets', async () => {
    sets = [{ startsAt: new Date('2027-07-02T19:00:00Z') }, { startsAt: new Date('2027-07-04T19:00:00Z') }];
    renderForm();
    expect(screen.getByText('The festival has 2 sets: changing the dates does not move them.')).toBeTruthy();
    expect(screen.getByText('The festival has 2 sets: in another zone they show at other clock times.')).toBeTruthy();
  });

  it('speaks Dutch', () => {
    renderForm({}, 'nl');
    expect(screen.getByRole('heading', { name: 'Gegevens en uiterlijk' })).toBeTruthy();
    expect(button('Sla de wijzigingen op')).toBeTruthy();
    expect(screen.getByText('Het adres van het festival kan niet veranderen: links die bezoekers deelden blijven werken.')).toBeTruthy();
  });
});

describe('TimeZoneNotice', () => {
  it('shows the first set’s clock time before and after a change of zone', () => {
    const values = { ...formOfFestival('zk-2027', saved), timeZone: 'Europe/London' };
    renderWithIntl(<TimeZoneNotice sets={[{ startsAt: new Date('2027-07-02T19:00:00Z') }]} saved={saved} values={values} />);
    expect(screen.getByText(/in this zone the first set, now at Fri,? 21:00, would show at Fri,? 20:00/)).toBeTruthy();
  });
});
