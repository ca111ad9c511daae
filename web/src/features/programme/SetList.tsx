import type { PerformanceDoc, Programme } from '../../festival/programme';
import { SetCard, type FavoriteProps } from './SetCard';

/** The programme as one chronological list, each set naming its stage: "what is on at nine". */
export function SetList({
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
}
