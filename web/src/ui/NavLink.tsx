import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { isCurrent } from './shell/sections';

/** A navigation link that marks itself `aria-current="page"` on its own page (or section). */
export function NavLink({ to, end = false, className, title, children }: { to: string; end?: boolean; className?: string; title?: string; children: ReactNode }) {
  const [location] = useLocation();
  return (
    <Link to={to} className={className} title={title} aria-current={isCurrent(location, { to, end }) ? 'page' : undefined}>
      {children}
    </Link>
  );
}
