import { announcementSchema, announcementText, firestorePaths, isAllClear, isLiveUrgent, wasEverUrgent, type Announcement } from '@encore/model';
import { collection, limit, orderBy, query } from 'firebase/firestore';
import { useMemo, useState } from 'react';
import { Button, Dialog, Form, Heading, Label, Modal, ModalOverlay, Radio, RadioGroup } from 'react-aria-components';
import { FormattedMessage, useIntl } from 'react-intl';
import { appConfig } from '../../config/firebase-config';
import { useFestival } from '../../festival/FestivalContext';
import { db } from '../../firebase/firestore';
import { useLiveQuery } from '../../firebase/live';
import type { WithId } from '../../firebase/to-model';
import { useLocale } from '../../i18n/I18nProvider';
import { instantLabel } from '../../time/format';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { Skeleton } from '../../ui/Skeleton';
import { useAccount } from '../account/AccountContext';
import { UrgentBannerView } from '../inbox/UrgentBanner';
import { AnnouncementFields, emptyTexts, textsOf } from './AnnouncementFields';
import {
  allClear,
  announcementReach,
  editAnnouncement,
  lowerAnnouncement,
  missingTexts,
  publishAnnouncement,
  withdrawAnnouncement,
  type AnnouncementTexts,
  type Author,
} from './api/announcements';
import './announcements.css';

/** Announcements the console lists: the newest, withdrawn ones too. */
const LISTED = 50;

/**
 * The festival team's announcements: a composer in English and Dutch (urgent ones confirmed
 * first, with how they will look and how many devices they reach), and what was sent, newest
 * first, each with who, when, its priority and the devices its push reached, to correct,
 * lower, withdraw or follow up with an "all clear".
 */
export default function AnnouncementsPage() {
  const { account } = useAccount();
  const author: Author | null = account ? { uid: account.uid, email: account.email } : null;
  return (
    <div className="announcements-console">
      <Composer author={author} />
      <SentAnnouncements author={author} />
    </div>
  );
}

function Composer({ author }: { author: Author | null }) {
  const intl = useIntl();
  const { locale } = useLocale();
  const [texts, setTexts] = useState<AnnouncementTexts>(emptyTexts);
  const [priority, setPriority] = useState<'normal' | 'urgent'>('normal');
  const [error, setError] = useState<unknown>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [reach, setReach] = useState<number | 'loading' | 'unknown'>('loading');
  const missing = missingTexts(texts);
  const [showMissing, setShowMissing] = useState(false);

  const publish = () => {
    if (!author) return;
    setError(null);
    // Offline, the write is queued and syncs later: the form clears at once either way.
    publishAnnouncement(texts, priority, author).catch(setError);
    setSent(announcementText(texts, locale).title);
    setTexts(emptyTexts);
    setPriority('normal');
    setShowMissing(false);
    setConfirming(false);
  };

  const submit = () => {
    setSent(null);
    if (missing.title || missing.body) {
      setShowMissing(true);
      return;
    }
    if (priority === 'normal') {
      publish();
      return;
    }
    setReach('loading');
    setConfirming(true);
    announcementReach().then(setReach, () => setReach('unknown'));
  };

  const preview = (shownIn: 'en' | 'nl') => [{ id: `preview-${shownIn}`, ...announcementText(texts, shownIn) }];

  return (
    <section aria-labelledby="announce-title" className="panel announcement-composer">
      <h2 id="announce-title">
        <FormattedMessage id="staff.announcements.title" defaultMessage="New announcement" />
      </h2>
      {sent ? (
        <p className="notice notice-info" role="status">
          <FormattedMessage id="staff.announcements.sent" defaultMessage="“{title}” is published to everyone’s News page." values={{ title: sent }} />
        </p>
      ) : null}
      {error ? <ErrorNotice error={error} /> : null}
      <Form
        className="announcement-form"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <AnnouncementFields texts={texts} onChange={setTexts} missing={showMissing ? missing : { title: false, body: false }} idPrefix="new" />
        <RadioGroup className="field" value={priority} onChange={(value) => setPriority(value as 'normal' | 'urgent')} orientation="horizontal">
          <Label>
            <FormattedMessage id="staff.announcements.priority" defaultMessage="Priority" />
          </Label>
          <div className="button-row">
            <Radio value="normal" className="radio">
              <FormattedMessage id="staff.announcements.normal" defaultMessage="Normal" />
            </Radio>
            <Radio value="urgent" className="radio">
              <FormattedMessage id="staff.announcements.urgent" defaultMessage="Urgent (highlighted)" />
            </Radio>
          </div>
        </RadioGroup>
        <Button type="submit" className="button">
          <FormattedMessage id="staff.announcements.publish" defaultMessage="Publish announcement" />
        </Button>
      </Form>
      <ModalOverlay className="modal-overlay" isDismissable isOpen={confirming} onOpenChange={setConfirming}>
        <Modal className="modal modal-small">
          <Dialog className="urgent-confirm">
            <Heading slot="title">
              <FormattedMessage id="staff.announcements.confirmTitle" defaultMessage="Send this urgent announcement?" />
            </Heading>
            <p>
              {reach === 'loading' ? (
                <FormattedMessage id="staff.announcements.reachLoading" defaultMessage="Counting the devices it reaches…" />
              ) : reach === 'unknown' ? (
                <FormattedMessage
                  id="staff.announcements.reachUnknown"
                  defaultMessage="It shows as a banner on every open page and goes as a push to every device registered for notifications (how many could not be counted just now)."
                />
              ) : (
                <FormattedMessage
                  id="staff.announcements.reach"
                  defaultMessage="It shows as a banner on every open page and goes as a push to {count, plural, =0 {no devices (none registered for notifications yet)} one {# device} other {# devices}}, each in its own language."
                  values={{ count: reach }}
                />
              )}
            </p>
            <p className="field-label">
              <FormattedMessage id="staff.announcements.previewEnglish" defaultMessage="How it looks in English" />
            </p>
            <UrgentBannerView banners={preview('en')} onDismiss={() => {}} onNewsPage preview />
            <p className="field-label">
              <FormattedMessage id="staff.announcements.previewDutch" defaultMessage="How it looks in Dutch" />
            </p>
            <UrgentBannerView banners={preview('nl')} onDismiss={() => {}} onNewsPage preview />
            <div className="button-row">
              <Button className="button button-danger" onPress={publish}>
                <FormattedMessage id="staff.announcements.confirmSend" defaultMessage="Send urgent announcement" />
              </Button>
              <Button className="button button-secondary" onPress={() => setConfirming(false)}>
                {intl.formatMessage({ id: 'staff.announcements.confirmCancel', defaultMessage: 'Not yet' })}
              </Button>
            </div>
          </Dialog>
        </Modal>
      </ModalOverlay>
    </section>
  );
}

function SentAnnouncements({ author }: { author: Author | null }) {
  const intl = useIntl();
  const listed = useMemo(() => query(collection(db(), firestorePaths.announcements(appConfig.festivalId)), orderBy('createdAt', 'desc'), limit(LISTED)), []);
  const announcements = useLiveQuery(listed, announcementSchema);
  // The announcements an all clear already follows up (one each: its id derives from theirs).
  const followedUp = useMemo(
    () => new Set(announcements.status === 'ready' ? announcements.data.flatMap((announcement) => (announcement.followUpOf ? [announcement.followUpOf] : [])) : []),
    [announcements],
  );
  return (
    <section aria-labelledby="sent-title" className="sent-announcements">
      <h2 id="sent-title">
        <FormattedMessage id="staff.announcements.sentTitle" defaultMessage="Sent announcements" />
      </h2>
      {announcements.status === 'error' ? (
        <ErrorNotice error={announcements.error} />
      ) : announcements.status === 'loading' ? (
        <Skeleton shape="lines" count={3} label={intl.formatMessage({ id: 'staff.announcements.loading', defaultMessage: 'Loading the announcements sent…' })} />
      ) : announcements.data.length === 0 ? (
        <p className="muted">
          <FormattedMessage id="staff.announcements.none" defaultMessage="Nothing sent yet." />
        </p>
      ) : (
        <ul className="announcement-cards">
          {announcements.data.map((announcement) => (
            <SentAnnouncement key={announcement.id} announcement={announcement} author={author} allClearSent={followedUp.has(announcement.id)} />
          ))}
        </ul>
      )}
    </section>
  );
}

function SentAnnouncement({ announcement, author, allClearSent }: { announcement: WithId<Announcement>; author: Author | null; allClearSent: boolean }) {
  const intl = useIntl();
  const { locale } = useLocale();
  const { programme } = useFestival();
  const [editing, setEditing] = useState<AnnouncementTexts | null>(null);
  const [confirmWithdraw, setConfirmWithdraw] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const text = announcementText(announcement, locale);
  const withdrawn = announcement.status === 'withdrawn';
  const urgent = isLiveUrgent(announcement);
  // Offered for whatever was urgent once, lowered or withdrawn since too: the people its push woke must hear it is over.
  const offerAllClear = wasEverUrgent(announcement) && !allClearSent;
  const when = (at: Date) => (programme ? instantLabel(intl, at, programme.festival) : intl.formatDate(at, { dateStyle: 'medium', timeStyle: 'short' }));
  const act = (work: () => Promise<unknown>) => {
    setError(null);
    work().catch(setError);
  };
  const missing = editing ? missingTexts(editing) : { title: false, body: false };

  return (
    <li className={`announcement-card${urgent ? ' announcement-card-urgent' : ''}${withdrawn ? ' announcement-card-withdrawn' : ''}`} aria-labelledby={`sent-${announcement.id}`}>
      <div className="announcement-card-head">
        <h3 id={`sent-${announcement.id}`}>{text.title}</h3>
        <span className={`status-pill status-${withdrawn ? 'withdrawn' : isAllClear(announcement) ? 'normal' : (announcement.priority ?? 'normal')}`}>
          {withdrawn ? (
            <FormattedMessage id="staff.announcements.withdrawnBadge" defaultMessage="Withdrawn" />
          ) : isAllClear(announcement) ? (
            <FormattedMessage id="staff.announcements.allClearBadge" defaultMessage="All clear" />
          ) : announcement.priority === 'urgent' ? (
            <FormattedMessage id="staff.announcements.urgentBadge" defaultMessage="Urgent" />
          ) : (
            <FormattedMessage id="staff.announcements.normalBadge" defaultMessage="Normal" />
          )}
        </span>
      </div>
      <p className="muted announcement-card-meta">
        <FormattedMessage
          id="staff.announcements.byline"
          defaultMessage="By {who}, {when}"
          values={{ who: announcement.authorName ?? announcement.authorUid ?? intl.formatMessage({ id: 'staff.announcements.someone', defaultMessage: 'the festival team' }), when: when(announcement.createdAt) }}
        />
        {announcement.pushedDevices !== undefined || announcement.priority === 'urgent' ? (
          <>
            {' · '}
            <FormattedMessage
              id="staff.announcements.pushed"
              defaultMessage="push reached {count, plural, =0 {no devices yet} one {# device} other {# devices}}"
              values={{ count: announcement.pushedDevices ?? 0 }}
            />
          </>
        ) : null}
        {announcement.editedAt ? (
          <>
            {' · '}
            <FormattedMessage id="staff.announcements.edited" defaultMessage="changed {when}" values={{ when: when(announcement.editedAt) }} />
          </>
        ) : null}
        {announcement.withdrawnAt ? (
          <>
            {' · '}
            <FormattedMessage id="staff.announcements.withdrawnAt" defaultMessage="withdrawn {when}" values={{ when: when(announcement.withdrawnAt) }} />
          </>
        ) : null}
        {allClearSent ? (
          <>
            {' · '}
            <FormattedMessage id="staff.announcements.allClearSent" defaultMessage="all clear sent" />
          </>
        ) : null}
      </p>
      {error ? <ErrorNotice error={error} /> : null}
      {editing ? (
        <Form
          className="announcement-form"
          onSubmit={(event) => {
            event.preventDefault();
            if (!author || missing.title || missing.body) return;
            act(() => editAnnouncement(announcement.id, editing, author));
            setEditing(null);
          }}
        >
          <AnnouncementFields texts={editing} onChange={setEditing} missing={missing} idPrefix={announcement.id} />
          <div className="button-row">
            <Button type="submit" className="button">
              <FormattedMessage id="staff.announcements.save" defaultMessage="Save changes" />
            </Button>
            <Button className="button button-secondary" onPress={() => setEditing(null)}>
              <FormattedMessage id="staff.announcements.cancelEdit" defaultMessage="Cancel" />
            </Button>
          </div>
        </Form>
      ) : (
        <p className="announcement-card-body">{text.body}</p>
      )}
      {editing || !author ? null : withdrawn ? (
        offerAllClear ? (
          <div className="button-row">
            <AllClearButton announcement={announcement} author={author} act={act} />
          </div>
        ) : null
      ) : confirmWithdraw ? (
        <div className="button-row" role="group" aria-label={intl.formatMessage({ id: 'staff.announcements.withdrawConfirmLabel', defaultMessage: 'Withdraw for everyone?' })}>
          <span className="field-label">
            <FormattedMessage id="staff.announcements.withdrawConfirm" defaultMessage="Withdraw for everyone? Banners go at once, and no more pushes are sent." />
          </span>
          <Button className="button button-danger" onPress={() => act(() => withdrawAnnouncement(announcement.id, author))}>
            <FormattedMessage id="staff.announcements.withdrawYes" defaultMessage="Yes, withdraw" />
          </Button>
          <Button className="button button-secondary" onPress={() => setConfirmWithdraw(false)}>
            <FormattedMessage id="staff.announcements.withdrawNo" defaultMessage="Keep it" />
          </Button>
        </div>
      ) : (
        <div className="button-row">
          {offerAllClear ? <AllClearButton announcement={announcement} author={author} act={act} /> : null}
          <Button className="button button-secondary" onPress={() => setEditing(textsOf(announcement))}>
            <FormattedMessage id="staff.announcements.edit" defaultMessage="Edit" />
          </Button>
          {urgent ? (
            <Button className="button button-secondary" onPress={() => act(() => lowerAnnouncement(announcement.id, author))}>
              <FormattedMessage id="staff.announcements.lower" defaultMessage="Make normal" />
            </Button>
          ) : null}
          <Button className="button button-secondary" onPress={() => setConfirmWithdraw(true)}>
            <FormattedMessage id="staff.announcements.withdraw" defaultMessage="Withdraw" />
          </Button>
        </div>
      )}
    </li>
  );
}

/** Follows an urgent announcement up with an "all clear": a banner and a push to the devices it reached. */
function AllClearButton({ announcement, author, act }: { announcement: WithId<Announcement>; author: Author; act(work: () => Promise<unknown>): void }) {
  const intl = useIntl();
  const { locale } = useLocale();
  return (
    <Button
      className="button"
      onPress={() => act(() => allClear(announcement.id, announcement, author))}
      aria-label={intl.formatMessage(
        { id: 'staff.announcements.allClearLabel', defaultMessage: 'All clear for “{title}”: a banner for everyone and a push to every device it reached' },
        { title: announcementText(announcement, locale).title },
      )}
    >
      <FormattedMessage id="staff.announcements.allClear" defaultMessage="All clear" />
    </Button>
  );
}
