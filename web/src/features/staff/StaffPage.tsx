import { FESTIVAL_CAPABILITIES, type FestivalCapability, type StaffAccess } from '@encore/model';
import { lazy, Suspense, useEffect, type ComponentType } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Route, Switch, useRoute } from 'wouter';
import { appConfig } from '../../config/firebase-config';
import { NavLink } from '../../ui/NavLink';
import { Loading } from '../../ui/Loading';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { useFestival, useProgrammeListeners } from '../../festival/FestivalContext';
import { useAccount } from '../account/AccountContext';
import { festivalAccessOf } from '../account/staff-access';
import { useFestivalRole } from '../account/use-festival-role';
import { rememberStaffRole } from '../account/staff-hint';
import { CONSOLE_SECTIONS, type ConsoleSectionKey } from './console-sections';
import { StaffLocked } from './StaffLocked';
import { StaffRoleContext } from './staff-role';

const pages: Record<ConsoleSectionKey, ComponentType> = {
  dashboard: lazy(() => import('./DashboardPage')),
  festival: lazy(() => import('../festival-settings/FestivalSettingsPage')),
  moderation: lazy(() => import('./ModerationPage')),
  programme: lazy(() => import('./ProgrammeEditorPage')),
  import: lazy(() => import('./ImportPage')),
  map: lazy(() => import('./VenueMapEditorPage')),
  info: lazy(() => import('./InfoEditorPage')),
  announcements: lazy(() => import('./AnnouncementsPage')),
  team: lazy(() => import('../team/TeamPage')),
  export: lazy(() => import('../export/ExportPage')),
  editions: lazy(() => import('../editions/EditionsPage')),
  history: lazy(() => import('../history/HistoryPage')),
  help: lazy(() => import('../help/HelpDeskPage')),
};

/**
 * The staff console of the current festival. Who may use which section is `festivalAccess`
 * per capability (the decision the rules and the staff functions make too): the project
 * admin's claim, or the person's own `festivals/{f}/staff/{uid}` (followed live, so a role
 * given or removed shows at once), and a sign-in that used a second factor. Each role sees
 * only its sections.
 */
export default function StaffPage() {
  // An invite to the team (`/staff/join#<secret>`) is for someone who has no role yet: it opens before the gate.
  const [joining] = useRoute('/join');
  return joining ? (
    <Suspense fallback={<Loading label={<FormattedMessage id="staff.page.checking" defaultMessage="Checking your account…" />} />}>
      <AcceptStaffInvitePage />
    </Suspense>
  ) : (
    <StaffConsole />
  );
}

/** The lists behind the dashboard's tiles (issue 36): open to whoever sees the dashboard. */
const FavouritesListPage = lazy(() => import('./FavouritesListPage'));
const ReactionsListPage = lazy(() => import('./ReactionsListPage'));

// Here, not among the app's routes: the first visit's JavaScript carries no route for it.
const AcceptStaffInvitePage = lazy(() => import('../team/AcceptStaffInvitePage'));

function StaffConsole() {
  const intl = useIntl();
  const { account } = useAccount();
  const festivalId = appConfig.festivalId;
  const role = useFestivalRole(festivalId, account);
  const { programme } = useFestival();
  const festivalName = programme?.festival.name ?? festivalId;
  const uid = account && !account.anonymous ? account.uid : null;
  const known = role.status === 'ready' && account?.role !== 'admin';
  useEffect(() => {
    if (uid && known) rememberStaffRole(uid, festivalId, role.role !== null);
  }, [uid, known, festivalId, role.role]);

  if (account === undefined || role.status === 'loading') {
    return <Loading label={<FormattedMessage id="staff.page.checking" defaultMessage="Checking your account…" />} />;
  }
  const access = Object.fromEntries(FESTIVAL_CAPABILITIES.map((capability) => [capability, festivalAccessOf(account, role.role, capability)])) as Record<FestivalCapability, StaffAccess>;
  const granted = (capability: FestivalCapability) => access[capability] === 'granted';
  const sections = CONSOLE_SECTIONS.filter((section) => granted(section.capability));

  if (sections.length === 0 && Object.values(access).includes('second-factor-needed')) return <StaffLocked enrolledFactors={account?.enrolledFactors ?? 0} />;
  if (sections.length === 0) {
    return (
      <div className="page-header">
        <h1>
          <FormattedMessage id="staff.page.noRoleTitle" defaultMessage="No role in {festival}" values={{ festival: festivalName }} />
        </h1>
        <p>
          <FormattedMessage
            id="staff.page.noRole"
            defaultMessage="You have no role in {festival}. This part of Encore is for its staff: if you are, ask the festival’s admin to give you a role, or sign in with your staff account on the Account page."
            values={{ festival: festivalName }}
          />
        </p>
        {role.error ? <ErrorNotice error={role.error} /> : null}
      </div>
    );
  }
  return (
    <StaffRoleContext.Provider value={{ granted }}>
      <ProgrammeListeners />
      <header className="page-header">
        <h1>
          <FormattedMessage id="staff.page.title" defaultMessage="Staff console" />
        </h1>
        <p className="muted">
          <FormattedMessage
            id="staff.page.yourRole"
            defaultMessage="{festival} · {role, select, admin {festival admin} programme {programme} moderator {moderator} other {project admin}}"
            values={{ festival: festivalName, role: account?.role === 'admin' ? 'project' : (role.role ?? 'project') }}
          />
        </p>
      </header>
      <nav aria-label={intl.formatMessage({ id: 'staff.page.nav', defaultMessage: 'Staff' })} className="staff-nav">
        {sections.map((section) => (
          <NavLink key={section.key} to={section.path} end={section.path === '/'}>
            {intl.formatMessage(section.label)}
          </NavLink>
        ))}
      </nav>
      <Suspense fallback={<Loading label={<FormattedMessage id="staff.page.loading" defaultMessage="Loading…" />} />}>
        <Switch>
          {granted('figures') ? <Route path="/figures/favourites" component={FavouritesListPage} /> : null}
          {granted('figures') ? <Route path="/figures/reactions" component={ReactionsListPage} /> : null}
          {sections.map((section) => (
            <Route key={section.key} path={section.path} component={pages[section.key]} />
          ))}
          <Route>
            <p className="notice notice-info">
              <FormattedMessage id="staff.page.notYourSection" defaultMessage="This part of the console is not open to your role. The sections above are." />
            </p>
          </Route>
        </Switch>
      </Suspense>
    </StaffRoleContext.Provider>
  );
}

/** Staff see the programme through its live listeners: an edit shows the moment it is made, not once the bundle is rebuilt. */
function ProgrammeListeners() {
  useProgrammeListeners();
  return null;
}
