import type { Clash } from '@encore/model';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { PerformanceDoc, Programme } from '../../festival/programme';
import { timeRange } from '../../time/format';

/** Clash warnings in words: which two sets, and by how much. */
export function ClashList({ clashes, programme }: { clashes: Clash<PerformanceDoc>[]; programme: Programme }) {
  const intl = useIntl();
  if (clashes.length === 0) return null;
  const describe = (set: PerformanceDoc) =>
    intl.formatMessage(
      { id: 'schedule.clashList.set', defaultMessage: '{artist} ({stage}, {range})' },
      {
        artist: programme.artists.get(set.artistId)?.name ?? intl.formatMessage({ id: 'schedule.clashList.unknownArtist', defaultMessage: 'Unknown artist' }),
        stage: programme.stages.find((candidate) => candidate.id === set.stageId)?.name ?? intl.formatMessage({ id: 'schedule.clashList.aStage', defaultMessage: 'a stage' }),
        range: timeRange(intl, set.startsAt, set.endsAt, programme.festival),
      },
    );
  const bold = (text: ReactNode[]) => <strong>{text}</strong>;
  return (
    <section aria-labelledby="clashes-title" className="panel" style={{ margin: 'var(--space-3) 0' }}>
      <h2 id="clashes-title">
        <FormattedMessage
          id="schedule.clashList.title"
          defaultMessage="{count, plural, one {# clash in your schedule} other {# clashes in your schedule}}"
          values={{ count: clashes.length }}
        />
      </h2>
      <ul className="clash-list">
        {clashes.map((clash) => (
          <li key={`${clash.first.id}|${clash.second.id}`} className={`clash clash-${clash.kind}`}>
            {clash.kind === 'overlap' ? (
              <FormattedMessage
                id="schedule.clashList.overlap"
                defaultMessage="<b>Overlap:</b> {first} and {second} play at the same time for {minutes} min."
                values={{ b: bold, first: describe(clash.first), second: describe(clash.second), minutes: clash.minutes }}
              />
            ) : (
              <FormattedMessage
                id="schedule.clashList.tight"
                defaultMessage="<b>Tight change-over:</b> {minutes, plural, =0 {no time} other {only # min}} to walk from {first} to {second} on another stage."
                values={{ b: bold, first: describe(clash.first), second: describe(clash.second), minutes: clash.minutes }}
              />
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
