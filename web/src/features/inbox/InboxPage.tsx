import { LIVE_TRENDING_WINDOW_MINUTES, announcementText, firestorePaths, isAllClear, noticeSchema, noticeText } from '@encore/model';
import { collection, doc, limit, orderBy, query, serverTimestamp, updateDoc } from 'firebase/firestore';
import { useEffect, useMemo, useState } from 'react';
import { Button } from 'react-aria-components';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { useFestival } from '../../festival/FestivalContext';
import { useLiveCounts } from '../../festival/LiveCountsContext';
import { db } from '../../firebase/firestore';
import { useLiveQuery } from '../../firebase/live';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { EmptyState } from '../../ui/EmptyState';
import { Skeleton } from '../../ui/Skeleton';
import { instantLabel } from '../../time/format';
import { useLocale } from '../../i18n/I18nProvider';
import { useAccount } from '../account/AccountContext';
import { followAnnouncements, markNewsSeen, useNews } from './news-store';

/** News: one's notices (changed or cancelled sets, photos), announcements and what is trending. */
export default function InboxPage() {
  return (
    <>
      <header className="page-header">
        <h1>
          <FormattedMessage id="inbox.page.title" defaultMessage="News" />
        </h1>
      </header>
      <div className="detail">
        <div>
          <Notices />
          <Announcements />
        </div>
        <Trending />
      </div>
    </>
  );
}

function Notices() {
  const intl = useIntl();
  const { locale } = useLocale();
  const { account } = useAccount();
  const uid = account?.uid ?? null;
  const noticesQuery = useMemo(
    () => (uid ? query(collection(db(), firestorePaths.notices(uid)), orderBy('createdAt', 'desc'), limit(50)) : null),
    [uid],
  );
  const notices = useLiveQuery(noticesQuery, noticeSchema);
  const [error, setError] = useState<unknown>(null);
  const markRead = (id: string) => {
    if (!uid) return;
    updateDoc(doc(db(), firestorePaths.notice(uid, id)), { readAt: serverTimestamp() }).catch(setError);
  };
  const unread = notices.data.filter((notice) => notice.readAt === null).length;
  return (
    <section className="panel" aria-labelledby="notices-title" style={{ marginBottom: 'var(--space-5)' }}>
      <h2 id="notices-title">
        <FormattedMessage id="inbox.notices.title" defaultMessage="For you" />{' '}
        {unread > 0 ? (
          <span className="muted">
            · <FormattedMessage id="inbox.notices.unread" defaultMessage="{count} unread" values={{ count: unread }} />
          </span>
        ) : null}
      </h2>
      {error ? <ErrorNotice error={error} /> : null}
      {!uid ? (
        <p className="muted">
          <FormattedMessage id="inbox.notices.signedOut" defaultMessage="When a set in your schedule moves or is cancelled, you will hear about it here." />
        </p>
      ) : notices.status === 'error' ? (
        <ErrorNotice error={notices.error} />
      ) : notices.status === 'loading' ? (
        <Skeleton shape="lines" count={3} label={intl.formatMessage({ id: 'inbox.notices.loading', defaultMessage: 'Loading your notices…' })} />
      ) : notices.data.length === 0 ? (
        <p className="muted">
          <FormattedMessage id="inbox.notices.empty" defaultMessage="Nothing new. Changes to sets in your schedule will show up here." />
        </p>
      ) : (
        <ul className="clash-list">
          {notices.data.map((notice) => (
            <li key={notice.id} className={`clash ${notice.kind === 'cancelled' || notice.kind === 'photo-rejected' ? 'clash-overlap' : 'clash-tight'}`}>
              <p style={{ margin: 0 }}>
                {notice.readAt === null ? (
                  <strong>
                    <FormattedMessage id="inbox.notices.new" defaultMessage="New:" />{' '}
                  </strong>
                ) : null}
                {/* In the reader's language now, from the notice's kind and parameters; older notices have only their text. */}
                {noticeText(notice, locale) ?? notice.text}{' '}
                {notice.performanceId ? <Link to={`/performances/${notice.performanceId}`}>
                    <FormattedMessage id="inbox.notices.openSet" defaultMessage="Open the set" />
                  </Link> : null}
              </p>
              {notice.readAt === null ? (
                <Button className="button button-secondary button-small" onPress={() => markRead(notice.id)}>
                  <FormattedMessage id="inbox.notices.markRead" defaultMessage="Mark as read" />
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Announcements() {
  const intl = useIntl();
  const { locale } = useLocale();
  const { programme } = useFestival();
  // The app's one announcements listener (news-store.ts); what is shown here counts as read.
  const announcements = useNews();
  useEffect(() => followAnnouncements(), []);
  useEffect(() => {
    if (announcements.status === 'ready') markNewsSeen();
  }, [announcements.status, announcements.announcements]);
  return (
    <section className="panel" aria-labelledby="announcements-title">
      <h2 id="announcements-title">
        <FormattedMessage id="inbox.announcements.title" defaultMessage="Announcements" />
      </h2>
      {announcements.status === 'error' ? (
        <ErrorNotice error={announcements.error} />
      ) : announcements.status === 'loading' ? (
        <Skeleton shape="lines" count={3} label={intl.formatMessage({ id: 'inbox.announcements.loading', defaultMessage: 'Loading announcements…' })} />
      ) : announcements.announcements.length === 0 ? (
        <EmptyState icon="news" title={<FormattedMessage id="inbox.announcements.empty" defaultMessage="No announcements yet" />}>
          <FormattedMessage id="inbox.announcements.emptyBody" defaultMessage="Stage changes, weather and lost-and-found news from the festival team will appear here." />
        </EmptyState>
      ) : (
        <div className="news-list">
          {announcements.announcements.map((announcement) => {
            // In the reader's language (the other one where staff left it empty).
            const text = announcementText(announcement, locale);
            const withdrawn = announcement.status === 'withdrawn';
            return (
              <article
                key={announcement.id}
                className={`announcement${announcement.priority === 'urgent' && !withdrawn ? ' announcement-urgent' : ''}${withdrawn ? ' announcement-withdrawn' : ''}`}
              >
                <h3>
                  {withdrawn ? (
                    <FormattedMessage id="inbox.announcements.withdrawn" defaultMessage="Withdrawn: {title}" values={{ title: text.title }} />
                  ) : announcement.priority === 'urgent' && !isAllClear(announcement) ? (
                    <FormattedMessage id="inbox.announcements.urgent" defaultMessage="Urgent: {title}" values={{ title: text.title }} />
                  ) : (
                    text.title
                  )}
                </h3>
                <p className="muted announcement-time">{programme ? instantLabel(intl, announcement.createdAt, programme.festival) : null}</p>
                {withdrawn ? (
                  <p className="muted" style={{ margin: 0 }}>
                    <FormattedMessage id="inbox.announcements.withdrawnBody" defaultMessage="The festival team withdrew this announcement: it no longer applies." />
                  </p>
                ) : (
                  <p style={{ whiteSpace: 'pre-line', margin: 0 }}>{text.body}</p>
                )}
              </article>
            );
          })}
        </div>
      )}
    </section>
  );
}

function Trending() {
  // Published with the live counts (festivals/{f}/live/sets): established accounts' favourites only.
  const live = useLiveCounts();
  const trending = { status: live.status, error: live.error, data: live.status === 'ready' ? { items: live.trending, windowMinutes: LIVE_TRENDING_WINDOW_MINUTES } : null };
  const { programme } = useFestival();
  const intl = useIntl();
  return (
    <aside className="panel" aria-labelledby="trending-title">
      <h2 id="trending-title">
        <FormattedMessage id="inbox.trending.title" defaultMessage="Trending" />
      </h2>
      {trending.status === 'error' ? (
        <ErrorNotice error={trending.error} />
      ) : !trending.data || trending.data.items.length === 0 || !programme ? (
        <p className="muted">
          <FormattedMessage id="inbox.trending.empty" defaultMessage="Favourite a few sets and the buzz will show up here." />
        </p>
      ) : (
        <>
          <p className="muted">
            <FormattedMessage
              id="inbox.trending.window"
              defaultMessage="Most favourited in the last {minutes, plural, one {minute} other {# minutes}}"
              values={{ minutes: trending.data.windowMinutes }}
            />
          </p>
          <ol className="trending-list">
            {trending.data.items.slice(0, 10).map((item) => {
              const set = programme.performances.find((candidate) => candidate.id === item.performanceId);
              const name =
                (set && programme.artists.get(set.artistId)?.name) ??
                (set
                  ? intl.formatMessage({ id: 'inbox.trending.unknownArtist', defaultMessage: 'Unknown artist' })
                  : intl.formatMessage({ id: 'inbox.trending.aSet', defaultMessage: 'A set' }));
              return (
                <li key={item.performanceId}>
                  <Link to={`/performances/${item.performanceId}`}>{name}</Link> <span className="muted">+{item.favorites}</span>
                </li>
              );
            })}
          </ol>
        </>
      )}
    </aside>
  );
}
