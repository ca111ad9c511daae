import { lazy, Suspense } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Route, Switch } from 'wouter';
import { NavLink } from '../../ui/NavLink';
import { Loading } from '../../ui/Loading';
import { useProgrammeListeners } from '../../festival/FestivalContext';
import { useAccount } from '../account/AccountContext';
import { staffAccessOf } from '../account/staff-access';
import { StaffLocked } from './StaffLocked';

const DashboardPage = lazy(() => import('./DashboardPage'));
const ModerationPage = lazy(() => import('./ModerationPage'));
const ProgrammeEditorPage = lazy(() => import('./ProgrammeEditorPage'));
const AnnouncementsPage = lazy(() => import('./AnnouncementsPage'));
const ImportPage = lazy(() => import('./ImportPage'));
const VenueMapEditorPage = lazy(() => import('./VenueMapEditorPage'));
const InfoEditorPage = lazy(() => import('./InfoEditorPage'));

/**
 * The staff console, for staff signed in with a second factor: the role comes from the
 * `role` custom claim, the factor from the sign-in (rules and functions enforce both too).
 */
export default function StaffPage() {
  const intl = useIntl();
  const { account } = useAccount();
  if (account === undefined) return <Loading label={<FormattedMessage id="staff.page.checking" defaultMessage="Checking your account…" />} />;
  const access = staffAccessOf(account);
  if (access === 'second-factor-needed') return <StaffLocked enrolledFactors={account?.enrolledFactors ?? 0} />;
  if (access === 'not-staff') {
    return (
      <div className="page-header">
        <h1>
          <FormattedMessage id="staff.page.onlyTitle" defaultMessage="Staff only" />
        </h1>
        <p>
          <FormattedMessage
            id="staff.page.only"
            defaultMessage="This part of Encore is for festival staff. If you are staff, sign in with your staff account on the Account page."
          />
        </p>
      </div>
    );
  }
  return (
    <>
      <ProgrammeListeners />
      <header className="page-header">
        <h1>
          <FormattedMessage id="staff.page.title" defaultMessage="Staff console" />
        </h1>
      </header>
      <nav aria-label={intl.formatMessage({ id: 'staff.page.nav', defaultMessage: 'Staff' })} className="staff-nav">
        <NavLink to="/" end>
          <FormattedMessage id="staff.page.dashboard" defaultMessage="Dashboard" />
        </NavLink>
        <NavLink to="/moderation">
          <FormattedMessage id="staff.page.moderation" defaultMessage="Moderation" />
        </NavLink>
        <NavLink to="/programme">
          <FormattedMessage id="staff.page.programme" defaultMessage="Programme" />
        </NavLink>
        <NavLink to="/import">
          <FormattedMessage id="staff.page.import" defaultMessage="Import" />
        </NavLink>
        <NavLink to="/map">
          <FormattedMessage id="staff.page.map" defaultMessage="Map" />
        </NavLink>
        <NavLink to="/info">
          <FormattedMessage id="staff.page.info" defaultMessage="Info pages" />
        </NavLink>
        <NavLink to="/announcements">
          <FormattedMessage id="staff.page.announcements" defaultMessage="Announcements" />
        </NavLink>
      </nav>
      <Suspense fallback={<Loading label={<FormattedMessage id="staff.page.loading" defaultMessage="Loading…" />} />}>
        <Switch>
          <Route path="/" component={DashboardPage} />
          <Route path="/moderation" component={ModerationPage} />
          <Route path="/programme" component={ProgrammeEditorPage} />
          <Route path="/import" component={ImportPage} />
          <Route path="/map" component={VenueMapEditorPage} />
          <Route path="/info" component={InfoEditorPage} />
          <Route path="/announcements" component={AnnouncementsPage} />
        </Switch>
      </Suspense>
    </>
  );
}

/** Staff see the programme through its live listeners: an edit shows the moment it is made, not once the bundle is rebuilt. */
function ProgrammeListeners() {
  useProgrammeListeners();
  return null;
}
