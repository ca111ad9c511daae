import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { initialLiveState, type LiveState } from '../../firebase/live-state';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithIntl } from '../../i18n/test-utils';
import InfoEditorPage from './InfoEditorPage';

/** The writes the editor makes, in place of Firestore's (what it would send, where). */
const writes: Array<{ kind: string; path: string; data: Record<string, unknown> }> = [];
vi.mock('../../firebase/firestore', () => ({ db: () => ({}) }));
vi.mock('../../config/firebase-config', () => ({ appConfig: { festivalId: 'f' } }));
vi.mock('firebase/firestore', () => ({
  doc: (_db: unknown, path: string) => ({ path, id: path.split('/').at(-1) }),
  setDoc: (ref: { path: string }, data: Record<string, unknown>) => (writes.push({ kind: 'set', path: ref.path, data }), Promise.resolve()),
  updateDoc: (ref: { path: string }, data: Record<string, unknown>) => (writes.push({ kind: 'update', path: ref.path, data }), Promise.resolve()),
  deleteDoc: vi.fn(),
  serverTimestamp: () => 'serverTimestamp',
  getDoc: vi.fn(),
  getDocFromServer: vi.fn(),
}));

// The festival's pages as the listener reports them; a test moves it from loading to listed.
type Page = { id: string; order: number; title: { en: string; nl: string }; body: { en: string; nl: string }; updatedAt: Date };
let pages: LiveState<Page[]> = initialLiveState([]);
const rerenders = new Set<() => void>();
vi.mock('../info/use-info-pages', async () => {
  const { useReducer, useEffect } = await import('react');
  return {
    useInfoPages: () => {
      const [, rerender] = useReducer((n: number) => n + 1, 0);
      useEffect(() => {
        rerenders.add(rerender);
        return () => void rerenders.delete(rerender);
      }, []);
      return pages;
    },
  };
});

function listed(data: Page[]) {
  act(() => {
    pages = { ...initialLiveState(data), status: 'ready', fromCache: false };
    for (const rerender of rerenders) rerender();
  });
}

const LOCKERS: Page = { id: 'lockers', order: 10, title: { en: 'Lockers', nl: 'Kluisjes' }, body: { en: 'By the gate.', nl: 'Bij de poort.' }, updatedAt: new Date() };

async function saveNewPage(address: string, title: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Address (lowercase letters, digits, dashes)'), address);
  await user.type(screen.getAllByLabelText('Title')[0]!, title);
  await user.click(screen.getByRole('button', { name: 'Save the page' }));
}

describe('InfoEditorPage: a new page saved before the list of pages has come', () => {
  beforeEach(() => {
    writes.length = 0;
    pages = initialLiveState([]);
  });

  it('waits for the list, then names the existing page in the form and writes nothing', async () => {
    renderWithIntl(<InfoEditorPage />);
    await saveNewPage('lockers', 'Lockers (new)');
    expect(screen.getByRole('status').textContent).toBe('Checking the festival’s pages before saving…');
    expect(writes).toEqual([]);

    listed([LOCKERS]);
    expect(screen.getByRole('alert').textContent).toContain('A page with the address lockers exists: open it or choose another address.');
    expect(screen.getByRole('button', { name: 'Open “Lockers”' })).toBeTruthy();
    expect(writes).toEqual([]);
  });

  it('drops a waiting save when the person starts the form again', async () => {
    renderWithIntl(<InfoEditorPage />);
    await saveNewPage('cloakroom', 'Coats');
    await userEvent.setup().selectOptions(screen.getByLabelText('Page'), '');

    listed([LOCKERS]);
    expect(writes).toEqual([]);
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('waits for the list, then creates a page whose address is free, with what the form held', async () => {
    renderWithIntl(<InfoEditorPage />);
    await saveNewPage('cloakroom', 'Coats');
    expect(writes).toEqual([]);

    listed([LOCKERS]);
    expect(writes).toEqual([
      {
        kind: 'set',
        path: 'festivals/f/info/cloakroom',
        data: { order: 100, title: { en: 'Coats', nl: '' }, body: { en: '', nl: '' }, updatedAt: 'serverTimestamp', createdAt: 'serverTimestamp' },
      },
    ]);
    expect(screen.getByRole('status').textContent).toContain('“Coats” is saved');
  });
});
