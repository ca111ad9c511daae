import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';

/** A navigation link that marks itself `aria-current="page"` on its own page (or section). */
export function NavLink({ to, end = false, className, children }: { to: string; end?: boolean; className?: string; children: ReactNode }) {
  const [location] = useLocation();
  const active = end ? location === to : location === to || location.startsWith(`${to === '/' ? '' : to}/`);
  return (
    <Link to={to} className={className} aria-current={active ? 'page' : undefined}>
      {children}
    </Link>
  );
}
