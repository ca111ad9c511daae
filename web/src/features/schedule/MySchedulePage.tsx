import { appRoute } from '../../config/firebase-config';
import { useState } from 'react';
import { Button } from 'react-aria-components';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { useFestival } from '../../festival/FestivalContext';
import { festivalPhase } from '../../festival/festival-phase';
import { useLocale } from '../../i18n/I18nProvider';
import { useNow } from '../../time/ClockContext';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { FestivalGate } from '../../ui/FestivalGate';
import { Skeleton } from '../../ui/Skeleton';
import { useAccount } from '../account/AccountContext';
import { useFavorites } from '../favorites/FavoritesContext';
import { FestivalCountdown } from '../programme/FestivalState';
import { CalendarFeed } from './CalendarFeed';
import { NextUp } from './NextUp';
import { PrintTimetable } from './PrintTimetable';
import { ScheduleActions } from './ScheduleActions';
import { ScheduleView } from './ScheduleView';
import { shareLink } from './share-link';
import { useStageWalk } from './stage-walk';

/**
 * "My schedule", schedule first: what is next for me, then my sets by day as a compact
 * timeline with clashes drawn in place; export, print, share and the calendar subscription
 * wait behind one "Export and share" button beside the title. Before the festival it counts
 * down; after it, a schedule with sets in it is "What I saw": the sets that played, without clash advice.
 */
export default function MySchedulePage() {
  const intl = useIntl();
  const festival = useFestival();
  const favorites = useFavorites();
  const walk = useStageWalk();
  const { account } = useAccount();
  const now = useNow();
  const { locale } = useLocale();
  const [copied, setCopied] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const phase = festival.programme ? festivalPhase(festival.programme.festival, now) : 'on';
  const ready = festival.programme && account !== undefined && favorites.status !== 'loading';
  const mine = ready ? festival.programme!.performances.filter((performance) => favorites.ids.has(performance.id)) : [];
  // Once the festival is over, a schedule with sets in it is what one saw; an empty one stays "My schedule".
  const saw = phase === 'after' && mine.length > 0;

  const exportIcs = async () => {
    const programme = festival.programme!;
    setError(null);
    try {
      const [{ scheduleToIcs, downloadIcs }, preferences] = await Promise.all([
        import('./ics-export'),
        account ? import('./api/read-calendar-preferences').then((module) => module.readCalendarPreferences(account.uid)) : undefined,
      ]);
      downloadIcs(scheduleToIcs(programme, mine, festivalOrigin(), preferences, locale, favorites.priorities), `${programme.festivalId}-my-schedule.ics`);
    } catch (caught) {
      setError(caught);
    }
  };
  const share = async () => {
    const link = shareLink(festivalOrigin(), favorites.ids, favorites.priorities);
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
    } catch {
      window.prompt(intl.formatMessage({ id: 'schedule.myPage.copyPrompt', defaultMessage: 'Copy this link to share your schedule:' }), link);
    }
  };

  return (
    <>
      <header className="page-header schedule-header">
        <div className="schedule-title-row">
          <h1>
            {saw ? (
              <FormattedMessage id="schedule.myPage.titleAfter" defaultMessage="What I saw" />
            ) : (
              <FormattedMessage id="schedule.myPage.title" defaultMessage="My schedule" />
            )}
          </h1>
          {mine.length > 0 ? (
            <ScheduleActions>
              <div className="button-row">
                <Button className="button" onPress={() => void exportIcs()}>
                  <FormattedMessage id="schedule.myPage.export" defaultMessage="Add to my calendar (.ics)" />
                </Button>
                <Button className="button button-secondary" onPress={() => window.print()}>
                  <FormattedMessage id="schedule.myPage.print" defaultMessage="Print my timetable" />
                </Button>
                <Button className="button button-secondary" onPress={() => void share()}>
                  <FormattedMessage id="schedule.myPage.share" defaultMessage="Copy share link" />
                </Button>
                <span role="status" className="muted">
                  {copied ? <FormattedMessage id="schedule.myPage.copied" defaultMessage="Link copied: anyone with it can see (not change) this schedule." /> : null}
                </span>
              </div>
              {account ? <CalendarFeed uid={account.uid} /> : null}
            </ScheduleActions>
          ) : null}
        </div>
        <p className="muted">
          {saw ? (
            <FormattedMessage
              id="schedule.myPage.after"
              defaultMessage="{festival} is over: these are the sets you had in your schedule."
              values={{ festival: festival.programme!.festival.name }}
            />
          ) : account?.anonymous ? (
            <FormattedMessage
              id="schedule.myPage.guest"
              defaultMessage="Saved on this device as a guest. Create an account on the Account page to keep it on every device."
            />
          ) : (
            <FormattedMessage id="schedule.myPage.synced" defaultMessage="Your favourite sets, synced to your account." />
          )}
        </p>
        <p>
          <Link to="/my/friends">
            <FormattedMessage id="schedule.myPage.withFriends" defaultMessage="With friends: where each will be, hour by hour" />
          </Link>
        </p>
      </header>
      {error ? <ErrorNotice error={error} /> : null}
      <FestivalGate state={festival}>
        {(programme) => {
          if (!ready) {
            return <Skeleton label={<FormattedMessage id="schedule.myPage.loading" defaultMessage="Loading your schedule…" />} />;
          }
          // What I saw: the sets that played (a cancelled one was never seen).
          const ids = phase === 'after' ? new Set(mine.filter((set) => set.status !== 'cancelled').map((set) => set.id)) : favorites.ids;
          return (
            <>
              {phase === 'before' ? <FestivalCountdown programme={programme} now={now} /> : null}
              {phase !== 'after' && mine.length > 0 ? <NextUp programme={programme} sets={mine} now={now} walk={walk} /> : null}
              <ScheduleView
                programme={programme}
                performanceIds={ids}
                now={now}
                walk={walk}
                advise={phase !== 'after'}
                favorites={{
                  ids: favorites.ids,
                  pendingIds: favorites.pendingIds,
                  onToggle: (id) => void favorites.toggle(id),
                  priorities: favorites.priorities,
                  onPriority: (id, priority) => void favorites.setPriority(id, priority),
                }}
              />
              <PrintTimetable programme={programme} performanceIds={favorites.ids} />
            </>
          );
        }}
      </FestivalGate>
    </>
  );
}

/** Where this festival's pages are (the origin and its `/f/{festivalId}` prefix): the links it shares lead to its sets, not the default festival's. */
function festivalOrigin(): string {
  return `${window.location.origin}${appRoute.base}`;
}
