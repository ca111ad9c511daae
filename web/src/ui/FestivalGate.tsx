import { lazy, Suspense, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import type { FestivalState } from '../festival/FestivalContext';
import type { Programme } from '../festival/programme';
import { EmptyState } from './EmptyState';
import { LazyErrorNotice } from './LazyErrorNotice';
import { Skeleton } from './Skeleton';

// The two answers a festival's visitors rarely see (no sets yet, no festival at all): a chunk of their own.
const NoProgrammeYet = lazy(() => import('./FestivalAbsent').then((module) => ({ default: module.NoProgrammeYet })));
const NoFestivalHere = lazy(() => import('./FestivalAbsent').then((module) => ({ default: module.NoFestivalHere })));

/**
 * Renders its children once the programme is there; otherwise says why not, plainly. With
 * `needsSets` (the programme page), a festival that has no sets yet says so too, and shows
 * whoever may edit the programme where to start.
 */
export function FestivalGate({ state, needsSets = false, children }: { state: FestivalState; needsSets?: boolean; children: (programme: Programme) => ReactNode }) {
  if (state.programme)
    return state.programme.performances.length === 0 && needsSets ? (
      <Suspense fallback={null}>
        <NoProgrammeYet />
      </Suspense>
    ) : (
      <>{children(state.programme)}</>
    );
  if (state.status === 'error') return <LazyErrorNotice variant="state" error={state.error} onRetry={() => window.location.reload()} />;
  if (state.status === 'missing') {
    // Missing from this device's cache only is not missing: say so, whatever the badge says.
    return state.connection !== 'online' || state.fromCache ? (
      <EmptyState icon="offline" title={<FormattedMessage id="ui.festivalGate.offlineTitle" defaultMessage="Not saved on this device yet" />}>
        <FormattedMessage
          id="ui.festivalGate.offline"
          defaultMessage="Open Encore once while online and the programme will work offline from then on."
        />
      </EmptyState>
    ) : (
      <Suspense fallback={null}>
        <NoFestivalHere />
      </Suspense>
    );
  }
  return <Skeleton label={<FormattedMessage id="ui.festivalGate.loading" defaultMessage="Loading the programme…" />} />;
}
