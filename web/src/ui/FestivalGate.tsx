import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link } from 'wouter';
import { isStaff, useAccount } from '../features/account/AccountContext';
import type { FestivalState } from '../festival/FestivalContext';
import type { Programme } from '../festival/programme';
import { EmptyState } from './EmptyState';
import { LazyErrorNotice } from './LazyErrorNotice';
import { Skeleton } from './Skeleton';

/**
 * Renders its children once the programme is there; otherwise says why not, plainly. With
 * `needsSets` (the programme page), a festival that has no sets yet says so too, and shows
 * whoever may edit the programme where to start.
 */
export function FestivalGate({ state, needsSets = false, children }: { state: FestivalState; needsSets?: boolean; children: (programme: Programme) => ReactNode }) {
  if (state.programme) return state.programme.performances.length === 0 && needsSets ? <NoProgrammeYet /> : <>{children(state.programme)}</>;
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
      <NoFestivalHere />
    );
  }
  return <Skeleton label={<FormattedMessage id="ui.festivalGate.loading" defaultMessage="Loading the programme…" />} />;
}

/** The festival exists and has published no sets: say so; staff get the way to the programme editor. */
function NoProgrammeYet() {
  const { account } = useAccount();
  return (
    <EmptyState
      title={<FormattedMessage id="ui.festivalGate.missingTitle" defaultMessage="No programme yet" />}
      action={
        isStaff(account) ? (
          <Link to="/staff/programme" className="button">
            <FormattedMessage id="ui.festivalGate.startProgramme" defaultMessage="Add the first sets" />
          </Link>
        ) : undefined
      }
    >
      <FormattedMessage id="ui.festivalGate.missing" defaultMessage="This festival has not published its programme. Check back soon." />
    </EmptyState>
  );
}

/**
 * No festival at this address (a mistyped `/f/{id}/`, or a project without its default
 * festival): the festivals there are, and for the project's organisers, where to make one.
 * Plain links: both pages are outside any festival (a full navigation).
 */
function NoFestivalHere() {
  const { account } = useAccount();
  return (
    <EmptyState
      title={<FormattedMessage id="ui.festivalGate.noFestivalTitle" defaultMessage="No festival here" />}
      action={
        <div style={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'center', gap: 'var(--space-2)' }}>
          <a href="/festivals" className="button">
            <FormattedMessage id="ui.festivalGate.chooseFestival" defaultMessage="See all festivals" />
          </a>
          {account?.role === 'admin' ? (
            <a href="/organiser" className="button button-secondary">
              <FormattedMessage id="ui.festivalGate.createFestival" defaultMessage="Create a festival" />
            </a>
          ) : null}
        </div>
      }
    >
      <FormattedMessage id="ui.festivalGate.noFestival" defaultMessage="There is no festival at this address. It may have moved, or the link may be mistyped." />
    </EmptyState>
  );
}
