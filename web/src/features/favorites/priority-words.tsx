import type { FavoritePriority } from '@encore/model';
import { useIntl } from 'react-intl';

/**
 * Must-see and maybe in words: every set card says its priority (the timeline's too), so these
 * are on the programme's first download; the list cards' toggles (PriorityToggle) are not.
 */

/** "Must-see" or "Maybe", in the reader's language. */
export function PriorityLabel({ priority }: { priority: FavoritePriority }) {
  const intl = useIntl();
  return <>{priorityText(intl, priority)}</>;
}

export function priorityText(intl: ReturnType<typeof useIntl>, priority: FavoritePriority): string {
  return priority === 'must'
    ? intl.formatMessage({ id: 'favorites.priority.must', defaultMessage: 'Must-see' })
    : intl.formatMessage({ id: 'favorites.priority.maybe', defaultMessage: 'Maybe' });
}
