import type { SignedInAccount } from '../firebase/auth';
import StaffRoleProbe from '../features/account/StaffRoleProbe';
import FestivalLogo from '../festival/FestivalLogo';
import FestivalTheme from '../festival/FestivalTheme';

/**
 * What the frame adds once the first content is shown (app/Layout.tsx loads it then, as one
 * chunk, so the first visit's JavaScript carries none of it): the festival's name, manifest and
 * colours in the page's head, its logo in the header (when it has one), and whether the menu
 * offers the staff console to someone who is no project admin.
 */
export default function LayoutLater({ account, onStaffKnown }: { account: SignedInAccount | null | undefined; onStaffKnown(hasRole: boolean): void }) {
  return (
    <>
      <FestivalTheme />
      {/* No boundary of its own: the error boundary (errors/ErrorBoundary.tsx) sits in the first page's chunk, and importing it here adds an export there (bundle budget). Its listener reports errors as state; Layout's boundary holds the rest. */}
      <FestivalLogo />
      {account && !account.anonymous && account.role !== 'admin' ? <StaffRoleProbe account={account} onKnown={onStaffKnown} /> : null}
    </>
  );
}
