import type { FavoritePriority } from '@encore/model';
import { useIntl } from 'react-intl';
import { priorityAfterCycle } from './priority';

/**
 * Must-see and maybe on a timeline block: one 44 px button beside the heart (a block has no
 * room for the list card's pair of toggles without squeezing the artist's name), cycling
 * none → must-see → maybe → none. Its name says where it is and where a tap takes it, so a
 * screen reader or keyboard user knows before pressing; a tap on a set not in the schedule yet
 * adds it as must-see.
 */
export function PriorityCycleButton({
  artistName,
  priority,
  onChange,
  disabled = false,
  describedBy,
}: {
  artistName: string;
  priority: FavoritePriority | undefined;
  onChange(next: FavoritePriority | null): void;
  /** A cancelled set: nothing to plan (the rules refuse a new favourite of it too). */
  disabled?: boolean;
  describedBy?: string | undefined;
}) {
  const intl = useIntl();
  const next = priorityAfterCycle(priority);
  const name = intl.formatMessage(
    {
      id: 'favorites.priority.cycle',
      defaultMessage:
        'Priority for {artist}: {current, select, must {must-see} maybe {maybe} other {none}}, change to {next, select, must {must-see} maybe {maybe} other {none}}',
    },
    { artist: artistName, current: priority ?? 'none', next: next ?? 'none' },
  );
  return (
    <button
      type="button"
      className={`priority-cycle priority-cycle-${priority ?? 'none'}`}
      aria-label={name}
      aria-disabled={disabled || undefined}
      aria-describedby={describedBy}
      onClick={disabled ? undefined : () => onChange(next)}
    >
      <span aria-hidden="true">{priority === 'maybe' ? '?' : priority === 'must' ? '★' : '☆'}</span>
    </button>
  );
}
