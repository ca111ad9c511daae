import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import readWorkbook from 'read-excel-file/node';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeProgramme } from '../../festival/programme';
import { renderWithIntl } from '../../i18n/test-utils';
import ExportPage from './ExportPage';

/** The festival, its info pages, its figures and the browser's download, replaced by what each test sets. */
const state = vi.hoisted(() => ({
  info: { data: [] as unknown[], status: 'ready', error: null, fromCache: false } as Record<string, unknown>,
  saved: [] as Array<{ blob: Blob; fileName: string }>,
}));
const at = (local: string) => new Date(`${local}:00+02:00`);
const programme = makeProgramme({
  festivalId: 'encore-2026',
  festival: { name: 'Encore 2026', timeZone: 'Europe/Amsterdam', startsOn: '2026-08-14', endsOn: '2026-08-15', venue: 'Pier' },
  stages: [{ id: 'main', name: 'Main Stage', order: 0 }],
  artists: [{ id: 'kae', name: 'Kaë; "Sun"', bio: '', genres: [] }],
  performances: [
    { id: 'p1', artistId: 'kae', stageId: 'main', startsAt: at('2026-08-15T00:30'), endsAt: at('2026-08-15T01:30'), status: 'cancelled' },
    { id: 'p2', artistId: 'kae', stageId: 'main', startsAt: at('2026-08-15T21:00'), endsAt: at('2026-08-15T22:00'), status: 'scheduled', title: 'DJ set' },
  ],
});
const ready = (data: unknown) => ({ data, status: 'ready', error: null, fromCache: false });
vi.mock('../../festival/FestivalContext', () => ({ useFestival: () => ({ programme, status: 'ready', error: null, fromCache: false, connection: 'online' }) }));
vi.mock('../info/use-info-pages', () => ({ useInfoPages: () => state.info }));
vi.mock('./api/use-day-figures', () => ({
  useDayFigures: () => ({
    daily: ready([{ day: '2026-08-14', favoritesAdded: 5, favoritesRemoved: 1, photosUploaded: 12, photosRejected: 2, reactions: 30, reports: 1, rolledUpAt: new Date() }]),
    today: ready(null),
  }),
}));
vi.mock('./api/save-file', () => ({ saveFile: (blob: Blob, fileName: string) => state.saved.push({ blob, fileName }) }));

const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam' }).format(new Date());
const lastSaved = () => state.saved.at(-1)!;
/** jsdom's Blob has no text() or arrayBuffer(): read as a browser without them would. */
const bytesOf = (blob: Blob) =>
  new Promise<ArrayBuffer>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });
/** The file's text as saved, its byte order mark kept. */
const textOf = async (blob: Blob) => new TextDecoder('utf-8', { ignoreBOM: true }).decode(await bytesOf(blob));

beforeEach(() => {
  state.saved.length = 0;
  state.info = ready([
    { id: 'lockers', order: 1, title: { en: 'Lockers', nl: 'Kluisjes' }, body: { en: 'By the gate.', nl: 'Bij de ingang.' }, updatedAt: new Date() },
  ]);
});

// A shared 2-core machine renders react-aria slowly: 20 s a test.
describe('ExportPage', { timeout: 20_000 }, () => {
  it('says what each download holds and saves the programme as the import’s CSV, with Dutch column names when chosen', async () => {
    const user = userEvent.setup();
    renderWithIntl(<ExportPage />);
    const section = screen.getByRole('region', { name: 'Programme' });
    expect(section.textContent).toContain('2 sets, one a row');
    expect(screen.getByRole('region', { name: 'Info pages' }).textContent).toContain('1 page in one Markdown text file');
    expect(screen.getByRole('region', { name: 'Day figures' })).toBeTruthy();

    await user.click(within(section).getByRole('button', { name: 'Download CSV' }));
    expect(lastSaved().fileName).toBe(`encore-2026-programme-${today}.csv`);
    const english = (await textOf(lastSaved().blob)).split('\r\n');
    expect(english.slice(0, 3)).toEqual(['\uFEFFArtist,Stage,Day,Start,End,Title,Status', '"Kaë; ""Sun""",Main Stage,2026-08-14,00:30,01:30,,cancelled', '"Kaë; ""Sun""",Main Stage,2026-08-15,21:00,22:00,DJ set,scheduled']);
    expect(await screen.findByRole('status')).toHaveProperty('textContent', `Downloaded encore-2026-programme-${today}.csv.`);

    await user.click(within(section).getByRole('radio', { name: 'Nederlands' }));
    await user.click(within(section).getByRole('button', { name: 'Download CSV' }));
    expect((await textOf(lastSaved().blob)).split('\r\n')[0]).toBe('\uFEFFArtiest;Podium;Datum;Aanvang;Einde;Titel;Status');
  });

  it('makes an .xlsx that read-excel-file reads back with real date and time cells', async () => {
    const user = userEvent.setup();
    renderWithIntl(<ExportPage />);
    await user.click(screen.getByRole('button', { name: 'Download Excel (.xlsx)' }));
    await waitFor(() => expect(state.saved).toHaveLength(1));
    expect(lastSaved().fileName).toBe(`encore-2026-programme-${today}.xlsx`);
    const [sheet] = await readWorkbook(Buffer.from(await bytesOf(lastSaved().blob)));
    expect(sheet!.sheet).toBe('Programme');
    expect(sheet!.data[0]).toEqual(['Artist', 'Stage', 'Day', 'Start', 'End', 'Title', 'Status']);
    expect(sheet!.data[1]!.slice(0, 5)).toEqual(['Kaë; "Sun"', 'Main Stage', new Date('2026-08-14T00:00:00Z'), new Date('1899-12-30T00:30:00Z'), new Date('1899-12-30T01:30:00Z')]);
  });

  it('in Dutch: the info pages as Markdown and the day figures with Dutch headers and `;`', async () => {
    const user = userEvent.setup();
    renderWithIntl(<ExportPage />, { locale: 'nl' });
    await user.click(screen.getByRole('button', { name: 'Infopagina’s downloaden (.md)' }));
    expect(lastSaved().fileName).toBe(`encore-2026-info-${today}.md`);
    const markdown = await textOf(lastSaved().blob);
    expect(markdown).toMatch(/^# Encore 2026: infopagina’s\n/);
    expect(markdown).toContain('## Lockers · Kluisjes\n\n### English: Lockers\n\nBy the gate.\n\n### Nederlands: Kluisjes\n\nBij de ingang.\n');

    await user.click(screen.getByRole('button', { name: 'Cijfers per dag downloaden (.csv)' }));
    expect(lastSaved().fileName).toBe(`encore-2026-day-figures-${today}.csv`);
    expect((await textOf(lastSaved().blob)).split('\r\n').slice(0, 3)).toEqual([
      '\uFEFFDag;Cijfers;Favorieten erbij;Favorieten eraf;Foto’s geüpload;Foto’s geweigerd;Reacties;Meldingen',
      '2026-08-14;definitief;5;1;12;2;30;1',
      '2026-08-15;niets geteld;;;;;;',
    ]);
  });

  it('offline with no copy of the info pages, says so instead of downloading an empty file', () => {
    state.info = { data: [], status: 'ready', error: null, fromCache: true };
    renderWithIntl(<ExportPage />);
    expect(screen.getByText('This device has no copy of the info pages yet: connect once to download them.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download info pages (.md)' }).hasAttribute('disabled')).toBe(true);
  });
});
