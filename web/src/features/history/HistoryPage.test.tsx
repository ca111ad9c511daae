import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithIntl } from '../../i18n/test-utils';
import HistoryPage from './HistoryPage';

/** The festival and the history hook, replaced by what each test sets. */
const state = vi.hoisted(() => ({
  history: { status: 'ready', entries: [] as unknown[], error: null as unknown, hasOlder: false, loadingOlder: false, showOlder: vi.fn(), reload: vi.fn() },
  kinds: [] as Array<string | null>,
  undoCalls: [] as Array<[unknown, boolean]>,
  undoAnswer: (_dryRun: boolean): Promise<unknown> => Promise.resolve({ counts: {}, alreadyUndone: false, undoBatchId: null, written: false }),
  granted: ((_capability: string) => true) as (capability: string) => boolean,
}));
vi.mock('./api/undo-change', () => ({
  undoChange: (target: unknown, dryRun: boolean) => {
    state.undoCalls.push([target, dryRun]);
    return state.undoAnswer(dryRun);
  },
}));
vi.mock('../staff/staff-role', () => ({ useStaffRole: () => ({ granted: (capability: string) => state.granted(capability) }) }));
vi.mock('../../festival/FestivalContext', () => ({
  useFestival: () => ({
    programme: {
      festivalId: 'encore-2026',
      festival: { name: 'Encore', timeZone: 'Europe/Amsterdam', startsOn: '2026-08-14', endsOn: '2026-08-16', venue: 'Pier' },
      stages: [
        { id: 'main', name: 'Main Stage', order: 0 },
        { id: 'tent', name: 'The Tent', order: 1 },
      ],
      artists: new Map([['amara', { id: 'amara', name: 'Amara Okafor', bio: '', genres: [] }]]),
      performances: [],
    },
  }),
}));
vi.mock('./use-audit-history', () => ({
  useAuditHistory: (_festivalId: string, kind: string | null) => {
    state.kinds.push(kind);
    return state.history;
  },
}));

const moved = {
  id: 'importProgramme-1-0',
  at: new Date('2026-08-14T18:05:00Z'),
  actor: { uid: 'pim', email: 'pim@example.org', name: 'Pim de Vries' },
  action: 'updated',
  document: 'performances/amara-main',
  kind: 'performance',
  label: 'Amara Okafor',
  before: { artistId: 'amara', stageId: 'main', startsAt: new Date('2026-08-15T19:00:00Z'), endsAt: new Date('2026-08-15T20:00:00Z'), status: 'scheduled' },
  after: { artistId: 'amara', stageId: 'tent', startsAt: new Date('2026-08-15T19:30:00Z'), endsAt: new Date('2026-08-15T20:00:00Z'), status: 'scheduled' },
  changed: ['stageId', 'startsAt'],
  detail: 'complete',
  via: 'importProgramme',
  batchId: 'importProgramme-1',
};
const removed = {
  id: 'console-ev2',
  at: new Date('2026-08-14T17:00:00Z'),
  actor: { uid: 'ada', email: 'ada@example.org', name: null },
  action: 'deleted',
  document: 'info/lockers',
  kind: 'info-page',
  label: 'Lockers',
  before: { order: 3, title: { en: 'Lockers', nl: 'Kluisjes' } },
  after: null,
  changed: ['order', 'title'],
  detail: 'complete',
  via: 'console',
};

beforeEach(() => {
  state.history = { status: 'ready', entries: [moved, removed], error: null, hasOlder: false, loadingOlder: false, showOlder: vi.fn(), reload: vi.fn() };
  state.kinds = [];
  state.undoCalls = [];
  state.granted = () => true;
});

// A shared 2-core machine renders react-aria slowly: 20 s a test.
describe('HistoryPage', { timeout: 20_000 }, () => {
  it('lists each change with who, when in the festival’s zone, what, and each changed field before and after, readable', () => {
    renderWithIntl(<HistoryPage />);
    const [first, second] = within(screen.getByRole('list', { name: 'Changes, newest first' })).getAllByRole('listitem');
    expect(within(first!).getByRole('heading', { level: 2 }).textContent).toBe('Changed: Set “Amara Okafor”');
    expect(first!.textContent).toContain('Pim de Vries, 14 Aug 2026, 20:05 by a programme import');
    const stage = within(first!).getByText('Stage').closest('div')!;
    expect(stage.textContent).toBe('StageMain Stage → The Tent');
    expect(within(stage).getByRole('img', { name: 'became' })).toBeTruthy();
    expect(within(first!).getByText('Starts').closest('div')!.textContent).toBe('StartsSat 15 Aug, 21:00 → Sat 15 Aug, 21:30');
    expect(within(second!).getByRole('heading', { level: 2 }).textContent).toBe('Removed: Info page “Lockers”');
    expect(second!.textContent).toContain('ada@example.org, 14 Aug 2026, 19:00 in the console');
    expect(within(second!).getByText('Title').closest('div')!.textContent).toBe('Titleen: Lockers · nl: Kluisjes');
  });

  it('speaks Dutch', () => {
    renderWithIntl(<HistoryPage />, { locale: 'nl' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Geschiedenis');
    expect(screen.getAllByRole('heading', { level: 2 })[0]!.textContent).toBe('Gewijzigd: Optreden “Amara Okafor”');
    const list = screen.getByRole('list', { name: 'Wijzigingen, nieuwste eerst' });
    expect(within(list).getByText('Podium').closest('div')!.textContent).toBe('PodiumMain Stage → The Tent');
  });

  it('filters by kind, and shows older changes on request', async () => {
    const user = userEvent.setup({ delay: null });
    state.history.hasOlder = true;
    renderWithIntl(<HistoryPage />);
    await user.click(screen.getByRole('button', { name: /Everything/ }));
    await user.click(await screen.findByRole('option', { name: 'Site plan' }));
    expect(state.kinds.at(-1)).toBe('venue-map');
    await user.click(screen.getByRole('button', { name: 'Show older' }));
    expect(state.history.showOlder).toHaveBeenCalledTimes(1);
  });

  it('leaves out who-and-when bookkeeping fields (the entry names its actor and time)', () => {
    state.history.entries = [
      { ...removed, id: 'console-ev3', action: 'updated', kind: 'announcement', label: 'Storm', before: { title: 'Storm', editedBy: 'uid-1', editedAt: new Date() }, after: { title: 'Storm!', editedBy: 'uid-2', editedAt: new Date() }, changed: ['editedAt', 'editedBy', 'title'] },
    ];
    renderWithIntl(<HistoryPage />);
    const fields = screen.getByRole('listitem').querySelectorAll('dt');
    expect([...fields].map((field) => field.textContent)).toEqual(['Title']);
    expect(screen.queryByText(/uid-/)).toBeNull();
  });

  it('says when nothing is recorded yet', () => {
    state.history.entries = [];
    renderWithIntl(<HistoryPage />);
    expect(screen.getByText(/Nothing recorded yet/)).toBeTruthy();
  });

  it('undoes an import after a confirmation naming what changes back, then reads the history again', async () => {
    const user = userEvent.setup({ delay: null });
    state.undoAnswer = (dryRun) => Promise.resolve({ counts: { performance: 12, artist: 1, stage: 1 }, alreadyUndone: false, undoBatchId: dryRun ? null : 'undoChange-1', written: !dryRun });
    renderWithIntl(<HistoryPage />);
    await user.click(screen.getByRole('button', { name: 'Undo import' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Undo this import?' });
    expect((await within(dialog).findByText(/This sets/)).textContent).toBe(
      'This sets 12 sets, 1 artist and 1 stage back to how they were before 14 Aug 2026, 20:05. Fans of a set that moves back are told once.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Undo import' }));
    expect(state.undoCalls).toEqual([
      [{ batchId: 'importProgramme-1' }, true],
      [{ batchId: 'importProgramme-1' }, false],
    ]);
    expect(state.history.reload).toHaveBeenCalledTimes(1);
  });

  it('names the newer change in the way, in Dutch too, and offers no undo', async () => {
    const user = userEvent.setup({ delay: null });
    const blocking = { document: 'performances/amara-main', entryId: 'console-ev9', kind: 'performance', label: 'Amara Okafor', by: 'Bea Boss', at: '2026-08-14T19:10:00.000Z' };
    state.undoAnswer = () => Promise.reject(Object.assign(new Error('changed since'), { code: 'functions/failed-precondition', details: { reason: 'undo-changed-since', blocking } }));
    renderWithIntl(<HistoryPage />, { locale: 'nl' });
    await user.click(screen.getByRole('button', { name: 'Import terugdraaien' }));
    const dialog = await screen.findByRole('alertdialog');
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      '“Amara Okafor” is hierna gewijzigd door Bea Boss (14 aug 2026, 21:10).Draai eerst de nieuwere wijziging terug, of pas het met de hand aan.',
    );
    expect(within(dialog).queryByRole('button', { name: 'Import terugdraaien' })).toBeNull();
  });

  it('shows an undone entry as undone, with no second undo; hides undo from a role that may not', () => {
    state.history.entries = [{ ...removed, undone: { at: new Date('2026-08-14T19:30:00Z'), actor: { uid: 'bea', email: null, name: 'Bea Boss' }, batchId: 'undoChange-1' } }, moved];
    state.granted = (capability) => capability !== 'programme';
    renderWithIntl(<HistoryPage />);
    const [first] = screen.getAllByRole('listitem');
    expect(within(first!).getByText(/Undone by/).textContent).toBe('Undone by Bea Boss, 14 Aug 2026, 21:30');
    expect(screen.queryByRole('button', { name: /Undo/ })).toBeNull();
  });
});
