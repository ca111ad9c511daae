import { FormattedMessage } from 'react-intl';
import { Link } from 'wouter';
import { useAccount } from '../features/account/AccountContext';
import { isStaff } from '../features/account/staff-hint';
import { EmptyState } from './EmptyState';

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
 * festival, as a new organiser's empty project is): the festivals there are, and where
 * organisers sign in and make one (named so for a signed-in project admin).
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
          <a href="/organiser" className="button button-secondary">
            {account?.role === 'admin' ? (
              <FormattedMessage id="ui.festivalGate.createFestival" defaultMessage="Create a festival" />
            ) : (
              <FormattedMessage id="ui.festivalGate.forOrganisers" defaultMessage="For organisers" />
            )}
          </a>
        </div>
      }
    >
      <FormattedMessage id="ui.festivalGate.noFestival" defaultMessage="There is no festival at this address. It may have moved, or the link may be mistyped." />
    </EmptyState>
  );
}

/** FestivalGate's rare answers: not on this device yet, no sets yet, or no festival at this address. */
export default function FestivalAbsent({ what }: { what: 'offline' | 'sets' | 'festival' }) {
  if (what === 'offline')
    return (
      <EmptyState icon="offline" title={<FormattedMessage id="ui.festivalGate.offlineTitle" defaultMessage="Not saved on this device yet" />}>
        <FormattedMessage
          id="ui.festivalGate.offline"
          defaultMessage="Open Encore once while online and the programme will work offline from then on."
        />
      </EmptyState>
    );
  return what === 'sets' ? <NoProgrammeYet /> : <NoFestivalHere />;
}
