import type { ReactNode } from 'react';
import type { LiveState } from '../firebase/live-state';
import { EmptyState } from './EmptyState';
import { ErrorNotice } from './ErrorNotice';
import { Skeleton } from './Skeleton';

/** Whether a listener's data holds nothing to show: a missing document (null) or an empty list. */
export function holdsNothing(data: unknown): boolean {
  return data === null || data === undefined || (Array.isArray(data) && data.length === 0);
}

/**
 * FestivalGate's sibling for a page's own live data (a Firestore listener's state): renders
 * its children once there is something to show; otherwise says why not, plainly. Nothing
 * from this device's cache alone says nothing about the festival, so it reads "not saved on
 * this device yet" (`notSaved`), never "none yet" (`none`, for when the server said so).
 * Each page brings its own words; the order of the checks is the same everywhere.
 */
export function LiveGate<T>({
  state,
  loading,
  notSaved,
  none,
  isEmpty = holdsNothing,
  children,
}: {
  state: Pick<LiveState<T>, 'data' | 'status' | 'error' | 'fromCache'>;
  /** The loading placeholder: its words for screen readers, and the shape of what is coming. */
  loading: { label: ReactNode; shape?: 'cards' | 'tiles' | 'lines'; count?: number };
  /** Nothing here, but only this device's cache answered. */
  notSaved: { title: ReactNode; body: ReactNode };
  /** Nothing here, and the server says so. */
  none: ReactNode;
  /** Whether `data` is "nothing" (default: null or an empty list). */
  isEmpty?: (data: T) => boolean;
  children: (data: NonNullable<T>) => ReactNode;
}) {
  if (state.status === 'error') return <ErrorNotice error={state.error} variant="state" />;
  if (state.status === 'loading') return <Skeleton label={loading.label} {...(loading.shape ? { shape: loading.shape } : {})} {...(loading.count ? { count: loading.count } : {})} />;
  if (isEmpty(state.data) || state.data === null || state.data === undefined) {
    return state.fromCache ? (
      <EmptyState icon="offline" title={notSaved.title}>
        {notSaved.body}
      </EmptyState>
    ) : (
      <>{none}</>
    );
  }
  return <>{children(state.data)}</>;
}
