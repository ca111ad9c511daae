import type { ReactNode } from 'react';
import { useFestival } from '../festival/FestivalContext';
import { isStaff, useAccount } from '../features/account/AccountContext';
import { useFavorites } from '../features/favorites/FavoritesContext';
import { ConnectionBadge } from '../ui/ConnectionBadge';
import { NavLink } from '../ui/NavLink';
import { ErrorNotice } from '../ui/ErrorNotice';

/** The frame of every page: skip link, navigation, connection state and account. */
export function Layout({ children }: { children: ReactNode }) {
  const { connection, programme } = useFestival();
  const { account } = useAccount();
  const favorites = useFavorites();
  const links: Array<[string, string]> = [
    ['/', 'Programme'],
    ['/my', 'My schedule'],
    ['/photos', 'Photos'],
    ['/inbox', 'News'],
    ['/upload', 'Upload'],
  ];
  if (isStaff(account)) links.push(['/staff', 'Staff']);
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="site-header">
        <div className="site-header-inner">
          <NavLink to="/" className="brand">
            <img src="/icon.svg" alt="" width="32" height="32" />
            <span>{programme?.festival.name ?? 'Encore'}</span>
          </NavLink>
          <ConnectionBadge state={connection} pendingWrites={favorites.hasPendingWrites} />
          <NavLink to="/account" className="account-link">
            {account === undefined ? 'Account' : account === null || account.anonymous ? 'Sign in' : (account.email ?? 'Account')}
          </NavLink>
        </div>
        <nav aria-label="Main" className="main-nav">
          <ul>
            {links.map(([to, label]) => (
              <li key={to}>
                <NavLink to={to} end={to === '/'}>
                  {label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <main id="main" className="site-main" tabIndex={-1}>
        {favorites.error ? <ErrorNotice error={favorites.error} /> : null}
        {children}
      </main>
    </>
  );
}
