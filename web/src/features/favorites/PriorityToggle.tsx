import type { FavoritePriority } from '@encore/model';
import { useIntl } from 'react-intl';
import { PRIORITIES, priorityAfterTap } from './priority';
import { PriorityLabel } from './priority-words';

// Where they were first: a few pages import them from here.
export { PriorityLabel, priorityText } from './priority-words';

/**
 * Must-see and maybe, one tap from a set card: a labelled group of two toggle buttons
 * (aria-pressed). A tap on a set that is not in the schedule yet adds it with that priority;
 * a second tap on the pressed one makes it a plain favourite again.
 */
export function PriorityToggle({
  artistName,
  priority,
  onChange,
  disabled = false,
}: {
  artistName: string;
  priority: FavoritePriority | undefined;
  onChange(next: FavoritePriority | null): void;
  /** A cancelled set: nothing to plan (the rules refuse a new favourite of it too). */
  disabled?: boolean;
}) {
  const intl = useIntl();
  return (
    <div role="group" className="priority-toggle" aria-label={intl.formatMessage({ id: 'favorites.priority.group', defaultMessage: 'How much you want to see {artist}' }, { artist: artistName })}>
      {PRIORITIES.map((value) => (
        <button
          key={value}
          type="button"
          className={`priority-option priority-${value}`}
          aria-pressed={priority === value}
          aria-disabled={disabled || undefined}
          onClick={disabled ? undefined : () => onChange(priorityAfterTap(priority, value))}
        >
          <span aria-hidden="true">{value === 'must' ? '★' : '?'}</span> <PriorityLabel priority={value} />
        </button>
      ))}
    </div>
  );
}

