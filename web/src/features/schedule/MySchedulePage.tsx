import { useState } from 'react';
import { Button } from 'react-aria-components';
import { FormattedMessage, useIntl } from 'react-intl';
import { useFestival } from '../../festival/FestivalContext';
import { useLocale } from '../../i18n/I18nProvider';
import { useNow } from '../../time/ClockContext';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { FestivalGate } from '../../ui/FestivalGate';
import { Skeleton } from '../../ui/Skeleton';
import { useAccount } from '../account/AccountContext';
import { useFavorites } from '../favorites/FavoritesContext';
import { CalendarFeed } from './CalendarFeed';
import { PrintTimetable } from './PrintTimetable';
import { ScheduleView } from './ScheduleView';
import { shareLink } from './share-link';

/** "My schedule": favourites by day, clashes, calendar export, a printable timetable and a read-only share link. */
export default function MySchedulePage() {
  const intl = useIntl();
  const festival = useFestival();
  const favorites = useFavorites();
  const { account } = useAccount();
  const now = useNow();
  const { locale } = useLocale();
  const [copied, setCopied] = useState(false);
  const [error, setError] = useState<unknown>(null);

  return (
    <>
      <header className="page-header">
        <h1>
          <FormattedMessage id="schedule.myPage.title" defaultMessage="My schedule" />
        </h1>
        <p className="muted">
          {account?.anonymous ? (
            <FormattedMessage
              id="schedule.myPage.guest"
              defaultMessage="Saved on this device as a guest. Create an account on the Account page to keep it on every device."
            />
          ) : (
            <FormattedMessage id="schedule.myPage.synced" defaultMessage="Your favourite sets, synced to your account." />
          )}
        </p>
      </header>
      <FestivalGate state={festival}>
        {(programme) => {
          if (account === undefined || favorites.status === 'loading') {
            return <Skeleton label={<FormattedMessage id="schedule.myPage.loading" defaultMessage="Loading your schedule…" />} />;
          }
          const mine = programme.performances.filter((performance) => favorites.ids.has(performance.id));
          const exportIcs = async () => {
            setError(null);
            try {
              const [{ scheduleToIcs, downloadIcs }, preferences] = await Promise.all([
                import('./ics-export'),
                account ? import('./api/read-calendar-preferences').then((module) => module.readCalendarPreferences(account.uid)) : undefined,
              ]);
              downloadIcs(scheduleToIcs(programme, mine, window.location.origin, preferences, locale), `${programme.festivalId}-my-schedule.ics`);
            } catch (caught) {
              setError(caught);
            }
          };
          const share = async () => {
            const link = shareLink(window.location.origin, favorites.ids);
            try {
              await navigator.clipboard.writeText(link);
              setCopied(true);
            } catch {
              window.prompt(intl.formatMessage({ id: 'schedule.myPage.copyPrompt', defaultMessage: 'Copy this link to share your schedule:' }), link);
            }
          };
          return (
            <>
              {mine.length > 0 ? (
                <div className="button-row" style={{ marginBottom: 'var(--space-3)' }}>
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
                    {copied ? (
                      <FormattedMessage id="schedule.myPage.copied" defaultMessage="Link copied: anyone with it can see (not change) this schedule." />
                    ) : null}
                  </span>
                </div>
              ) : null}
              {error ? <ErrorNotice error={error} /> : null}
              {account && mine.length > 0 ? <CalendarFeed uid={account.uid} /> : null}
              <ScheduleView
                programme={programme}
                performanceIds={favorites.ids}
                now={now}
                favorites={{ ids: favorites.ids, pendingIds: favorites.pendingIds, onToggle: (id) => void favorites.toggle(id) }}
              />
              <PrintTimetable programme={programme} performanceIds={favorites.ids} />
            </>
          );
        }}
      </FestivalGate>
    </>
  );
}
