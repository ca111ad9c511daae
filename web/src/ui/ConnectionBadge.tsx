import { defineMessages, useIntl } from 'react-intl';
import type { BadgeState } from '../firebase/live-freshness';
import { CONNECTION_WORDS } from './FirstConnectionBadge';
import { LaterIcon } from './icons-later';

const LABELS = {
  unknown: defineMessages({
    detail: { id: 'ui.connectionBadge.unknownDetail', defaultMessage: 'Showing what is saved on this device until the festival servers answer.' },
  }),
  online: defineMessages({
    detail: { id: 'ui.connectionBadge.onlineDetail', defaultMessage: 'Live: counts and changes arrive as they happen.' },
  }),
  offline: defineMessages({
    detail: {
      id: 'ui.connectionBadge.offlineDetail',
      defaultMessage: 'Showing the programme saved on this device. Your changes will sync when you are back online.',
    },
  }),
} satisfies Record<Exclude<BadgeState, 'delayed'>, unknown>;

/** Words a caller brings for a state this file does not word (the live badge's "delayed"). */
export interface BadgeWords {
  text: string;
  detail: string;
  /** Fewer words for a small phone's header (shown instead of `text` up to 440 px; `text` stays for screen readers). */
  short?: string;
}

/**
 * The connection state (firebase/connection.ts), in words (not colour alone); it never
 * truncates. The first paint shows it as the connection reports it; once the first content is
 * shown, app/LiveConnectionBadge.tsx takes over and may say `delayed` (its own `words`), so the
 * first visit's JavaScript carries none of the freshness logic.
 */
export function ConnectionBadge({ state, words, pendingWrites }: { state: BadgeState; words?: BadgeWords | undefined; pendingWrites: boolean }) {
  const intl = useIntl();
  const labels = state === 'delayed' ? undefined : LABELS[state];
  const text = words?.text ?? (state === 'delayed' ? '' : intl.formatMessage(CONNECTION_WORDS[state]));
  const detail = words?.detail ?? (labels ? intl.formatMessage(labels.detail) : '');
  return (
    <p className={`connection connection-${state}`} role="status" title={detail}>
      <span className="connection-dot" aria-hidden="true" />
      {words?.short ? (
        <>
          <span className="connection-long">{text}</span>
          <span className="connection-short" aria-hidden="true">
            {words.short}
          </span>
        </>
      ) : (
        <span>{text}</span>
      )}
      {pendingWrites ? (
        // On phones the words give way to an icon (the badge never truncates); the words stay for screen readers.
        <span className="connection-pending">
          <LaterIcon name="sync" className="connection-pending-icon" width={16} height={16} />
          <span className="connection-pending-text">· {intl.formatMessage({ id: 'ui.connectionBadge.pending', defaultMessage: 'changes waiting to sync' })}</span>
        </span>
      ) : null}
      <span className="visually-hidden">. {detail}</span>
    </p>
  );
}
