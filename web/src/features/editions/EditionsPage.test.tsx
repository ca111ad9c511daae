import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithIntl } from '../../i18n/test-utils';
import EditionsPage from './EditionsPage';

/** The festival the app holds, and the two callables, as each test sets them. */
const state = vi.hoisted(() => ({
  festival: {} as Record<string, unknown>,
  createEdition: vi.fn(),
  archiveFestival: vi.fn(),
}));
vi.mock('../../festival/FestivalContext', () => ({ useFestival: () => ({ programme: { festival: state.festival } }) }));
vi.mock('./api/editions', () => ({ createEdition: state.createEdition, archiveFestival: state.archiveFestival }));

const ENDED = { name: 'Encore 2026', timeZone: 'Europe/Amsterdam', startsOn: '2026-08-14', endsOn: '2026-08-16', venue: 'NDSM Pier' };
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** Types the new edition's name and dates as a person does (segments by keyboard: day, month, year, the order of en-GB and nl-NL). */
async function fill(user: ReturnType<typeof userEvent.setup>, section: HTMLElement, name: string) {
  await user.type(within(section).getByRole('textbox', { name: 'Name of the new edition' }), name);
  for (const [label, [year, month, day]] of [['First day', ['2027', '08', '13']], ['Last day', ['2027', '08', '15']]] as const) {
    const group = within(section).getByRole('group', { name: label });
    await user.click(within(group).getAllByRole('spinbutton')[0]!);
    await user.keyboard(`${day}${month}${year}`);
  }
}

beforeEach(() => {
  state.festival = { ...ENDED };
  state.createEdition.mockReset();
  state.archiveFestival.mockReset();
});

// A shared 2-core machine renders react-aria's forms slowly (two date pickers typed by keyboard): 45 s a test.
describe('EditionsPage', { timeout: 45_000 }, () => {
  it('copies into a new edition with the address proposed from its name and year, shows progress, then links to its console', async () => {
    const user = userEvent.setup({ delay: null });
    let finish: (value: unknown) => void = () => {};
    state.createEdition.mockReturnValue(new Promise((resolve) => (finish = resolve)));
    renderWithIntl(<EditionsPage />);
    const section = screen.getByRole('region', { name: 'Start a new edition' });
    await fill(user, section, 'Encore 2027');
    expect((within(section).getByRole('textbox', { name: 'Web address' }) as HTMLInputElement).value).toBe('encore-2027');
    await user.click(within(section).getByRole('button', { name: 'Copy into a new edition' }));
    expect(state.createEdition).toHaveBeenCalledWith({ sourceFestivalId: 'encore-2026', festival: { id: 'encore-2027', name: 'Encore 2027', startsOn: '2027-08-13', endsOn: '2027-08-15' } });
    expect(within(section).getByText(/Copying stages, the map, info pages and the look/)).toBeTruthy();
    finish({ festivalId: 'encore-2027' });
    const link = await within(section).findByRole('link', { name: 'Open the console of Encore 2027' });
    expect(link.getAttribute('href')).toBe('/f/encore-2027/staff');
  });

  it('asks for the missing fields before calling, and says on its field when the address is taken', async () => {
    const user = userEvent.setup({ delay: null });
    state.createEdition.mockRejectedValue(Object.assign(new Error('taken'), { code: 'functions/already-exists' }));
    renderWithIntl(<EditionsPage />);
    const section = screen.getByRole('region', { name: 'Start a new edition' });
    await user.click(within(section).getByRole('button', { name: 'Copy into a new edition' }));
    expect(within(section).getAllByText('Fill this in.')).toHaveLength(4);
    expect(state.createEdition).not.toHaveBeenCalled();
    await fill(user, section, 'Encore 2027');
    await user.click(within(section).getByRole('button', { name: 'Copy into a new edition' }));
    expect(await within(section).findByText('This address is taken: choose another.')).toBeTruthy();
  });

  it('archives an ended festival only after a confirmation that says what archiving means', async () => {
    const user = userEvent.setup({ delay: null });
    state.archiveFestival.mockResolvedValue({ festivalId: 'encore-2026', archivedAt: new Date().toISOString() });
    renderWithIntl(<EditionsPage />);
    const section = screen.getByRole('region', { name: 'Archive this festival' });
    await user.click(within(section).getByRole('button', { name: 'Archive this festival…' }));
    expect(within(section).getByText(/Nobody can change anything in it any more/)).toBeTruthy();
    expect(state.archiveFestival).not.toHaveBeenCalled();
    await user.click(within(section).getByRole('button', { name: 'Archive' }));
    expect(state.archiveFestival).toHaveBeenCalledWith({ festivalId: 'encore-2026' });
  });

  it('offers no archiving before the last day is over, and says from when', () => {
    state.festival = { ...ENDED, startsOn: inDays(-1), endsOn: inDays(1) };
    renderWithIntl(<EditionsPage />);
    const section = screen.getByRole('region', { name: 'Archive this festival' });
    expect(within(section).queryByRole('button')).toBeNull();
    expect(within(section).getByText(/can be archived once its last day is over: from/)).toBeTruthy();
  });

  it('says when an archived festival was archived', () => {
    state.festival = { ...ENDED, archivedAt: new Date('2026-08-20T10:00:00Z') };
    renderWithIntl(<EditionsPage />);
    const section = screen.getByRole('region', { name: 'Archive this festival' });
    expect(within(section).getByText(/Encore 2026 was archived on 20 August 2026/)).toBeTruthy();
    expect(within(section).queryByRole('button')).toBeNull();
  });
});
