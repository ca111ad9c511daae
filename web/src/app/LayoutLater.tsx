import { lazy, Suspense } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import type { SignedInAccount } from '../firebase/auth';
import StaffRoleProbe from '../features/account/StaffRoleProbe';
import FestivalTheme from '../festival/FestivalTheme';
import { importAfterDataSdk } from './load-data-sdk';

// Its listener needs the Firestore SDK and the schemas: evaluated after them, in a task of its own.
const FestivalLogo = lazy(() => importAfterDataSdk(() => import('../festival/FestivalLogo')));

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
      {/* A logo that cannot load leaves the app's mark: never the rest of this frame. */}
      <ErrorBoundary fallback={null}>
        <Suspense fallback={null}>
          <FestivalLogo />
        </Suspense>
      </ErrorBoundary>
      {account && !account.anonymous && account.role !== 'admin' ? <StaffRoleProbe account={account} onKnown={onStaffKnown} /> : null}
    </>
  );
}
