import { allClearTexts, firestorePaths, isLiveUrgent, type Announcement, type AnnouncementReach } from '@encore/model';
import { collection, doc, serverTimestamp, updateDoc, writeBatch, addDoc } from 'firebase/firestore';
import { httpsCallable } from 'firebase/functions';
import { appConfig } from '../../../config/firebase-config';
import { db } from '../../../firebase/firestore';
import { functions } from '../../../firebase/functions';

/**
 * What staff do with announcements, as the rules allow it (firestore.rules): post, correct,
 * lower urgent to normal, withdraw, and follow an urgent one up with an "all clear"; every
 * change records who and when. Offline, each write is queued and syncs later.
 */

export interface AnnouncementTexts {
  title: string;
  body: string;
  titleNl: string;
  bodyNl: string;
}

export interface Author {
  uid: string;
  email: string | null;
}

/** Which texts are missing: a title and a message, each in at least one language. */
export function missingTexts(texts: AnnouncementTexts): { title: boolean; body: boolean } {
  return { title: !texts.title.trim() && !texts.titleNl.trim(), body: !texts.body.trim() && !texts.bodyNl.trim() };
}

const trimmed = (texts: AnnouncementTexts): AnnouncementTexts => ({
  title: texts.title.trim(),
  body: texts.body.trim(),
  titleNl: texts.titleNl.trim(),
  bodyNl: texts.bodyNl.trim(),
});

const announcements = () => collection(db(), firestorePaths.announcements(appConfig.festivalId));
const announcementRef = (id: string) => doc(db(), firestorePaths.announcement(appConfig.festivalId, id));
const byline = (author: Author) => ({ authorUid: author.uid, ...(author.email ? { authorName: author.email } : {}) });

export function publishAnnouncement(texts: AnnouncementTexts, priority: 'normal' | 'urgent', author: Author): Promise<unknown> {
  const urgent = priority === 'urgent' ? { urgentAt: serverTimestamp() } : {};
  return addDoc(announcements(), { ...trimmed(texts), priority, ...urgent, ...byline(author), createdAt: serverTimestamp() });
}

export function editAnnouncement(id: string, texts: AnnouncementTexts, author: Author): Promise<void> {
  return updateDoc(announcementRef(id), { ...trimmed(texts), editedAt: serverTimestamp(), editedBy: author.uid });
}

/** Urgent to normal: off every banner, and its push stops where it had not gone out yet. */
export function lowerAnnouncement(id: string, author: Author): Promise<void> {
  return updateDoc(announcementRef(id), { priority: 'normal', editedAt: serverTimestamp(), editedBy: author.uid });
}

/** Off every banner at once, marked withdrawn in News, and no more pushes of it. One way. */
export function withdrawAnnouncement(id: string, author: Author): Promise<void> {
  return updateDoc(announcementRef(id), { status: 'withdrawn', withdrawnAt: serverTimestamp(), withdrawnBy: author.uid });
}

/** The all clear's document id: one per urgent announcement (the rules hold it to this). */
export const allClearId = (id: string) => `${id}-all-clear`;

/**
 * "All clear" in one commit, for an announcement that was urgent at any time: it follows it
 * up in both languages, urgent itself (a banner on every page, and a push to the devices the
 * urgent one reached: functions), and if the urgent one is still live it is lowered in the
 * same commit, so the all clear's banner replaces its banner. A withdrawn one stays as it is.
 */
export function allClear(
  id: string,
  original: Pick<Announcement, 'title' | 'body' | 'titleNl' | 'bodyNl' | 'priority' | 'status'>,
  author: Author,
): Promise<void> {
  const batch = writeBatch(db());
  if (isLiveUrgent(original)) batch.update(announcementRef(id), { priority: 'normal', editedAt: serverTimestamp(), editedBy: author.uid });
  batch.set(announcementRef(allClearId(id)), {
    ...allClearTexts(original),
    priority: 'urgent',
    urgentAt: serverTimestamp(),
    followUpOf: id,
    ...byline(author),
    createdAt: serverTimestamp(),
  });
  return batch.commit();
}

/** How many devices an urgent announcement reaches now (the `announcementReach` function). */
export async function announcementReach(): Promise<number> {
  const call = httpsCallable<{ festivalId: string }, AnnouncementReach>(functions(), 'announcementReach');
  return (await call({ festivalId: appConfig.festivalId })).data.devices;
}
