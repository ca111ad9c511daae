import { lazy, Suspense, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import type { FestivalState } from '../festival/FestivalContext';
import type { Programme } from '../festival/programme';
import { LazyErrorNotice } from './LazyErrorNotice';
import { Skeleton } from './Skeleton';

// The answers a festival's visitors rarely see (not saved offline yet, no sets yet, no festival at all): a chunk of their own.
const FestivalAbsent = lazy(() => import('./FestivalAbsent'));

/**
 * Renders its children once the programme is there; otherwise says why not, plainly. With
 * `needsSets` (the programme page), a festival that has no sets yet says so too, and shows
 * whoever may edit the programme where to start.
 */
export function FestivalGate({ state, needsSets = false, children }: { state: FestivalState; needsSets?: boolean; children: (programme: Programme) => ReactNode }) {
  const { programme } = state;
  if (programme && (!needsSets || programme.performances.length > 0)) return <>{children(programme)}</>;
  if (!programme && state.status === 'error') return <LazyErrorNotice variant="state" error={state.error} onRetry={() => window.location.reload()} />;
  if (programme || state.status === 'missing')
    // Missing from this device's cache only is not missing: say so, whatever the badge says.
    return (
      <Suspense fallback={null}>
        <FestivalAbsent what={programme ? 'sets' : state.connection !== 'online' || state.fromCache ? 'offline' : 'festival'} />
      </Suspense>
    );
  return <Skeleton label={<FormattedMessage id="ui.festivalGate.loading" defaultMessage="Loading the programme…" />} />;
}
