import { announcementSchema, firestorePaths, noticeSchema, trendingStatsSchema } from '@encore/model';
import { collection, doc, limit, orderBy, query, serverTimestamp, updateDoc } from 'firebase/firestore';
import { useMemo, useState } from 'react';
import { Button } from 'react-aria-components';
import { Link } from 'wouter';
import { appConfig } from '../../config/firebase-config';
import { useFestival } from '../../festival/FestivalContext';
import { db } from '../../firebase/firestore';
import { useLiveDocument, useLiveQuery } from '../../firebase/live';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { Loading } from '../../ui/Loading';
import { instantLabel } from '../../time/format';
import { useAccount } from '../account/AccountContext';

/** News: one's notices (changed or cancelled sets, photos), announcements and what is trending. */
export default function InboxPage() {
  return (
    <>
      <header className="page-header">
        <h1>News</h1>
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
    <section className="panel" aria-labelledby="notices-title" style={{ marginBottom: 20 }}>
      <h2 id="notices-title">For you {unread > 0 ? <span className="muted">· {unread} unread</span> : null}</h2>
      {error ? <ErrorNotice error={error} /> : null}
      {!uid ? (
        <p className="muted">When a set in your schedule moves or is cancelled, you will hear about it here.</p>
      ) : notices.status === 'error' ? (
        <ErrorNotice error={notices.error} />
      ) : notices.status === 'loading' ? (
        <Loading label="Loading your notices…" />
      ) : notices.data.length === 0 ? (
        <p className="muted">Nothing new. Changes to sets in your schedule will show up here.</p>
      ) : (
        <ul className="clash-list">
          {notices.data.map((notice) => (
            <li key={notice.id} className={`clash ${notice.kind === 'cancelled' || notice.kind === 'photo-rejected' ? 'clash-overlap' : 'clash-tight'}`}>
              <p style={{ margin: 0 }}>
                {notice.readAt === null ? <strong>New: </strong> : null}
                {notice.text}{' '}
                {notice.performanceId ? <Link to={`/performances/${notice.performanceId}`}>Open the set</Link> : null}
              </p>
              {notice.readAt === null ? (
                <Button className="button button-secondary button-small" onPress={() => markRead(notice.id)}>
                  Mark as read
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
  const { programme } = useFestival();
  const announcementsQuery = useMemo(
    () => query(collection(db(), firestorePaths.announcements(appConfig.festivalId)), orderBy('createdAt', 'desc'), limit(20)),
    [],
  );
  const announcements = useLiveQuery(announcementsQuery, announcementSchema);
  return (
    <section className="panel" aria-labelledby="announcements-title">
      <h2 id="announcements-title">Announcements</h2>
      {announcements.status === 'error' ? (
        <ErrorNotice error={announcements.error} />
      ) : announcements.status === 'loading' ? (
        <Loading label="Loading announcements…" />
      ) : announcements.data.length === 0 ? (
        <p className="muted">No announcements yet.</p>
      ) : (
        announcements.data.map((announcement) => (
          <article key={announcement.id} className={announcement.priority === 'urgent' ? 'notice notice-warn' : undefined} style={{ marginBottom: 12 }}>
            <div>
              <h3>
                {announcement.priority === 'urgent' ? 'Urgent: ' : ''}
                {announcement.title}
              </h3>
              <p className="muted" style={{ margin: 0, fontSize: '0.85rem' }}>
                {programme ? instantLabel(announcement.createdAt, programme.festival) : null}
              </p>
              <p style={{ whiteSpace: 'pre-line' }}>{announcement.body}</p>
            </div>
          </article>
        ))
      )}
    </section>
  );
}

function Trending() {
  const ref = useMemo(() => doc(db(), firestorePaths.stats(appConfig.festivalId, 'trending')), []);
  const trending = useLiveDocument(ref, trendingStatsSchema);
  const { programme } = useFestival();
  return (
    <aside className="panel" aria-labelledby="trending-title">
      <h2 id="trending-title">Trending</h2>
      {trending.status === 'error' ? (
        <ErrorNotice error={trending.error} />
      ) : !trending.data || trending.data.items.length === 0 || !programme ? (
        <p className="muted">Favourite a few sets and the buzz will show up here.</p>
      ) : (
        <>
          <p className="muted">Most favourited in the last {trending.data.windowMinutes} minutes</p>
          <ol>
            {trending.data.items.slice(0, 10).map((item) => {
              const set = programme.performances.find((candidate) => candidate.id === item.performanceId);
              const name = set ? (programme.artists.get(set.artistId)?.name ?? 'Unknown artist') : 'A set';
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
