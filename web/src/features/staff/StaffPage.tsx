import { lazy, Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { NavLink } from '../../ui/NavLink';
import { Loading } from '../../ui/Loading';
import { isStaff, useAccount } from '../account/AccountContext';

const DashboardPage = lazy(() => import('./DashboardPage'));
const ModerationPage = lazy(() => import('./ModerationPage'));
const ProgrammeEditorPage = lazy(() => import('./ProgrammeEditorPage'));
const AnnouncementsPage = lazy(() => import('./AnnouncementsPage'));

/** The staff console; the role comes from the `role` custom claim (rules enforce it too). */
export default function StaffPage() {
  const { account } = useAccount();
  if (account === undefined) return <Loading label="Checking your account…" />;
  if (!isStaff(account)) {
    return (
      <div className="page-header">
        <h1>Staff only</h1>
        <p>This part of Encore is for festival staff. If you are staff, sign in with your staff account on the Account page.</p>
      </div>
    );
  }
  return (
    <>
      <header className="page-header">
        <h1>Staff console</h1>
      </header>
      <nav aria-label="Staff" className="staff-nav">
        <NavLink to="/" end>
          Dashboard
        </NavLink>
        <NavLink to="/moderation">Moderation</NavLink>
        <NavLink to="/programme">Programme</NavLink>
        <NavLink to="/announcements">Announcements</NavLink>
      </nav>
      <Suspense fallback={<Loading label="Loading…" />}>
        <Switch>
          <Route path="/" component={DashboardPage} />
          <Route path="/moderation" component={ModerationPage} />
          <Route path="/programme" component={ProgrammeEditorPage} />
          <Route path="/announcements" component={AnnouncementsPage} />
        </Switch>
      </Suspense>
    </>
  );
}
