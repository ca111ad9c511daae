import { FormattedMessage, useIntl } from 'react-intl';
import { useFestivalArchived } from '../editions/use-festival-archived';

export interface FavoriteButtonProps {
  artistName: string;
  isFavorite: boolean;
  /** Live number of people who favourited the set (from the performance document). */
  count: number;
  /** This device changed it and the backend has not confirmed yet. */
  pending: boolean;
  onToggle(): void;
  /**
   * The heart cannot be pressed (a cancelled set): it stays focusable and announced, marked
   * `aria-disabled`, and `describedBy` names the element that says why.
   */
  disabled?: boolean;
  describedBy?: string;
  /** Heart over count, for the timeline's small blocks; the pending words become a mark. */
  compact?: boolean;
}

/**
 * One tap to add a set to "My schedule"; shows the live count and a pending mark while
 * offline. A native toggle button: its name stays "Favourite <artist>, <n> fans" and
 * aria-pressed says whether the set is in the schedule.
 */
export function FavoriteButton({ artistName, isFavorite, count, pending, onToggle, disabled: disabledHere = false, describedBy, compact = false }: FavoriteButtonProps) {
  const intl = useIntl();
  // An archived edition keeps everyone's hearts as they were: shown, not pressable (the rules refuse the write).
  const archived = useFestivalArchived();
  const disabled = disabledHere || archived;
  const name = intl.formatMessage(
    {
      id: 'favorites.button.name',
      defaultMessage: 'Favourite {artist}, {count, plural, one {# fan} other {# fans}}{pending, select, yes {, waiting to sync} other {}}',
    },
    { artist: artistName, count, pending: pending ? 'yes' : 'no' },
  );
  return (
    <button
      type="button"
      className={compact ? 'favorite favorite-compact' : 'favorite'}
      aria-pressed={isFavorite}
      aria-disabled={disabled || undefined}
      aria-describedby={describedBy}
      onClick={disabled ? undefined : onToggle}
    >
      <span className="visually-hidden">{name}</span>
      <span aria-hidden="true" className="favorite-heart">
        {isFavorite ? '♥' : '♡'}
      </span>
      <span aria-hidden="true" className="favorite-count">
        {count}
      </span>
      {pending ? (
        <span aria-hidden="true" className="favorite-pending">
          {compact ? '↻' : <FormattedMessage id="favorites.button.pending" defaultMessage="waiting to sync" />}
        </span>
      ) : null}
    </button>
  );
}
