import { memo } from 'react';
import type { PerformanceDoc, Programme } from '../../festival/programme';
import { SetCard, type FavoriteProps } from './SetCard';

/**
 * The programme as one chronological list, each set naming its stage: "what is on at nine".
 * Memo'd, as the timeline: a day tab's tap does not render the previous day's list again.
 */
export const SetList = memo(function SetList({
  programme,
  performances,
  favorites,
  now,
}: {
  programme: Programme;
  performances: PerformanceDoc[];
  favorites: FavoriteProps;
  now: Date;
}) {
  return (
    <ol className="set-list">
      {performances.map((set) => (
        <li key={set.id}>
          <SetCard performance={set} programme={programme} favorites={favorites} now={now} showStage />
        </li>
      ))}
    </ol>
  );
});
