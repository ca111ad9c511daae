import { renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SignedInAccount } from '../../firebase/auth';
import type { DocumentState } from '../../firebase/live';
import { initialLiveState } from '../../firebase/live-state';
import { useFestivalRole } from './use-festival-role';

/** The listener is replaced: what it was asked to follow is recorded, and its state is set here. */
let listened: Array<string | null> = [];
let state: DocumentState<unknown>;
vi.mock('../../firebase/firestore', () => ({ db: () => ({}) }));
vi.mock('firebase/firestore', () => ({ doc: (_db: unknown, path: string) => ({ path }) }));
vi.mock('../../firebase/live', () => ({
  useLiveDocument: (ref: { path: string } | null) => {
    listened.push(ref?.path ?? null);
    return state;
  },
}));

const person = (overrides: Partial<SignedInAccount> = {}): SignedInAccount => ({
  uid: 'person-1',
  anonymous: false,
  email: 'person@example.test',
  emailVerified: true,
  secondFactor: 'phone',
  enrolledFactors: 1,
  ...overrides,
});
const snapshot = (data: unknown, fromCache = false): DocumentState<unknown> => ({ ...initialLiveState(data), status: 'ready', exists: data !== null, fromCache });

beforeEach(() => {
  listened = [];
  state = { ...initialLiveState(null), exists: false };
});

describe('useFestivalRole', () => {
  it('follows the person’s own staff document of the festival, and reports its role as it changes', () => {
    const { result, rerender } = renderHook(() => useFestivalRole('zomer-2027', person()));
    expect(listened.at(-1)).toBe('festivals/zomer-2027/staff/person-1');
    expect(result.current.status).toBe('loading');
    state = snapshot({ role: 'moderator', addedAt: new Date(), addedBy: null });
    rerender();
    expect(result.current).toEqual({ status: 'ready', role: 'moderator', error: null });
    state = snapshot(null);
    rerender();
    expect(result.current).toEqual({ status: 'ready', role: null, error: null });
  });

  it('does not take "not in the offline cache" for "no role" while online', () => {
    state = snapshot(null, true);
    const { result } = renderHook(() => useFestivalRole('zomer-2027', person()));
    expect(result.current.status).toBe('loading');
  });

  it('reads nothing for a project admin (the claim is enough) or a guest', () => {
    const admin = renderHook(() => useFestivalRole('zomer-2027', person({ role: 'admin' })));
    expect(admin.result.current).toEqual({ status: 'ready', role: null, error: null });
    const guest = renderHook(() => useFestivalRole('zomer-2027', person({ anonymous: true })));
    expect(guest.result.current).toEqual({ status: 'ready', role: null, error: null });
    expect(listened.every((path) => path === null)).toBe(true);
  });
});
