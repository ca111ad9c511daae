import type { FavoritePriority } from '@encore/model';
import { appRoute } from '../../config/firebase-config';
import { Suspense, useState } from 'react';
import { Button } from 'react-aria-components';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { useFestival } from '../../festival/FestivalContext';
import { festivalIsOver, festivalPhase } from '../../festival/festival-phase';
import { useLocale } from '../../i18n/I18nProvider';
import { useNow } from '../../time/ClockContext';
import { lazyPage } from '../../app/lazy-page';
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
import { setsSeen } from './saw';
import { useStageWalk } from './stage-walk';

// Only once the festival is over, with the Firestore SDK its photo query needs.
const WhatISaw = lazyPage(() => import('./WhatISaw'));

/**
 * "My schedule", schedule first: what is next for me, then my sets by day as a compact
 * timeline with clashes drawn in place; export, print, share and the calendar subscription
 * wait behind one "Export and share" button beside the title. Before the festival it counts
 * down; after it (or once archived), a schedule with sets in it is "What I saw": the sets
 * that happened, each with the person's own photos of it, without clash advice or planning
 * controls.
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
  const over = festival.programme ? festivalIsOver(festival.programme.festival, now) : false;
  // Once the festival is over, a schedule with sets in it is what one saw; an empty one stays "My schedule".
  const saw = over && mine.length > 0;

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
              defaultMessage="{festival} is over: these are the sets in your schedule that took place, with the photos you took."
              values={{ festival: festival.programme!.festival.name }}
            />
          ) : !account || account.anonymous ? (
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
          const hearts = {
            ids: favorites.ids,
            pendingIds: favorites.pendingIds,
            onToggle: (id: string) => void favorites.toggle(id),
            priorities: favorites.priorities,
            onPriority: (id: string, priority: FavoritePriority | null) => void favorites.setPriority(id, priority),
          };
          return (
            <>
              {phase === 'before' ? <FestivalCountdown programme={programme} now={now} /> : null}
              {!over && mine.length > 0 ? <NextUp programme={programme} sets={mine} now={now} walk={walk} /> : null}
              {over ? (
                <Suspense fallback={<Skeleton label={<FormattedMessage id="schedule.myPage.loading" defaultMessage="Loading your schedule…" />} />}>
                  <WhatISaw programme={programme} seen={setsSeen(mine, now)} uid={account && !account.anonymous ? account.uid : null} now={now} walk={walk} favorites={hearts} />
                </Suspense>
              ) : (
                <ScheduleView programme={programme} performanceIds={favorites.ids} now={now} walk={walk} advise={!over} favorites={hearts} />
              )}
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
