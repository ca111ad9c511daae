import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import type { FestivalState } from '../festival/FestivalContext';
import type { Programme } from '../festival/programme';
import { EmptyState } from './EmptyState';
import { LazyErrorNotice } from './LazyErrorNotice';
import { Skeleton } from './Skeleton';

/** Renders its children once the programme is there; otherwise says why not, plainly. */
export function FestivalGate({ state, children }: { state: FestivalState; children: (programme: Programme) => ReactNode }) {
  if (state.programme) return <>{children(state.programme)}</>;
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
      <EmptyState title={<FormattedMessage id="ui.festivalGate.missingTitle" defaultMessage="No programme yet" />}>
        <FormattedMessage id="ui.festivalGate.missing" defaultMessage="This festival has not published its programme. Check back soon." />
      </EmptyState>
    );
  }
  return <Skeleton label={<FormattedMessage id="ui.festivalGate.loading" defaultMessage="Loading the programme…" />} />;
}
