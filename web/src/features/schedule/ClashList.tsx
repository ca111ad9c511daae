import type { Clash } from '@encore/model';
import type { PerformanceDoc, Programme } from '../../festival/programme';
import { timeRange } from '../../time/format';

/** Clash warnings in words: which two sets, and by how much. */
export function ClashList({ clashes, programme }: { clashes: Clash<PerformanceDoc>[]; programme: Programme }) {
  if (clashes.length === 0) return null;
  const describe = (set: PerformanceDoc) => {
    const artist = programme.artists.get(set.artistId)?.name ?? 'Unknown artist';
    const stage = programme.stages.find((candidate) => candidate.id === set.stageId)?.name ?? 'a stage';
    return `${artist} (${stage}, ${timeRange(set.startsAt, set.endsAt, programme.festival)})`;
  };
  return (
    <section aria-labelledby="clashes-title" className="panel" style={{ margin: '12px 0' }}>
      <h2 id="clashes-title">
        {clashes.length === 1 ? '1 clash in your schedule' : `${clashes.length} clashes in your schedule`}
      </h2>
      <ul className="clash-list">
        {clashes.map((clash) => (
          <li key={`${clash.first.id}|${clash.second.id}`} className={`clash clash-${clash.kind}`}>
            {clash.kind === 'overlap' ? (
              <>
                <strong>Overlap:</strong> {describe(clash.first)} and {describe(clash.second)} play at the same time for {clash.minutes} min.
              </>
            ) : (
              <>
                <strong>Tight change-over:</strong> {clash.minutes === 0 ? 'no time' : `only ${clash.minutes} min`} to walk from{' '}
                {describe(clash.first)} to {describe(clash.second)} on another stage.
              </>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
