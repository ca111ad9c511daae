import { FormattedMessage } from 'react-intl';
import { useSearch } from 'wouter';
import { useFestival } from '../../festival/FestivalContext';
import { useNow } from '../../time/ClockContext';
import { FestivalGate } from '../../ui/FestivalGate';
import { ScheduleView } from './ScheduleView';
import { idsFromShareLink, prioritiesFromShareLink } from './share-link';

/** Someone's schedule, opened from a share link: read-only. */
export default function SharedSchedulePage() {
  const search = useSearch();
  const festival = useFestival();
  const now = useNow();
  const ids = new Set(idsFromShareLink(search));
  const priorities = prioritiesFromShareLink(search);
  return (
    <>
      <header className="page-header">
        <h1>
          <FormattedMessage id="schedule.sharedPage.title" defaultMessage="A shared schedule" />
        </h1>
        <p className="muted">
          <FormattedMessage
            id="schedule.sharedPage.intro"
            defaultMessage="Someone shared the sets they plan to see. Tap a set to open it, and favourite it in your own schedule there."
          />
        </p>
      </header>
      <FestivalGate state={festival}>{(programme) => <ScheduleView programme={programme} performanceIds={ids} now={now} priorities={priorities} />}</FestivalGate>
    </>
  );
}
