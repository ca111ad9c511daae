import type { ReactNode } from 'react';
import { Icon, type IconName } from './icons';

/** Nothing to show yet: what this place is for, and the next step (a link or a button). */
export function EmptyState({ icon = 'empty', title, children, action }: { icon?: IconName; title: ReactNode; children?: ReactNode; action?: ReactNode }) {
  return (
    <div className="state">
      <span className="state-icon">
        <Icon name={icon} />
      </span>
      <p className="state-title">{title}</p>
      {children ? <p className="state-body">{children}</p> : null}
      {action}
    </div>
  );
}
