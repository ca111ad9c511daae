import { defineMessages, useIntl } from 'react-intl';
import type { BadgeState } from '../firebase/live-freshness';
import { Icon } from './icons';

const LABELS = {
  unknown: defineMessages({
    text: { id: 'ui.connectionBadge.unknown', defaultMessage: 'Connecting…' },
    detail: { id: 'ui.connectionBadge.unknownDetail', defaultMessage: 'Showing what is saved on this device until the festival servers answer.' },
  }),
  online: defineMessages({
    text: { id: 'ui.connectionBadge.online', defaultMessage: 'Online' },
    detail: { id: 'ui.connectionBadge.onlineDetail', defaultMessage: 'Live: counts and changes arrive as they happen.' },
  }),
  offline: defineMessages({
    text: { id: 'ui.connectionBadge.offline', defaultMessage: 'Offline' },
    detail: {
      id: 'ui.connectionBadge.offlineDetail',
      defaultMessage: 'Showing the programme saved on this device. Your changes will sync when you are back online.',
    },
  }),
} satisfies Record<Exclude<BadgeState, 'delayed'>, unknown>;

/**
 * The connection state (firebase/connection.ts, live-freshness.ts), in words (not colour alone);
 * it never truncates. `since`: for `delayed`, when the last update came (shown in the festival's zone).
 */
export function ConnectionBadge({ state, since, timeZone, pendingWrites }: { state: BadgeState; since?: Date | undefined; timeZone?: string | undefined; pendingWrites: boolean }) {
  const intl = useIntl();
  const time = since ? intl.formatTime(since, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', ...(timeZone ? { timeZone } : {}) }) : '';
  const text =
    state === 'delayed' ? intl.formatMessage({ id: 'ui.connectionBadge.delayed', defaultMessage: 'Updates delayed since {time}' }, { time }) : intl.formatMessage(LABELS[state].text);
  const detail =
    state === 'delayed'
      ? intl.formatMessage(
          {
            id: 'ui.connectionBadge.delayedDetail',
            defaultMessage:
              'Nothing new has arrived from the festival servers since {time}, though it usually does every few seconds: counts and changes may be out of date. Encore catches up by itself.',
          },
          { time },
        )
      : intl.formatMessage(LABELS[state].detail);
  return (
    <p className={`connection connection-${state}`} role="status" title={detail}>
      <span className="connection-dot" aria-hidden="true" />
      <span>{text}</span>
      {pendingWrites ? (
        // On phones the words give way to an icon (the badge never truncates); the words stay for screen readers.
        <span className="connection-pending">
          <Icon name="sync" className="connection-pending-icon" width={16} height={16} />
          <span className="connection-pending-text">· {intl.formatMessage({ id: 'ui.connectionBadge.pending', defaultMessage: 'changes waiting to sync' })}</span>
        </span>
      ) : null}
      <span className="visually-hidden">. {detail}</span>
    </p>
  );
}
