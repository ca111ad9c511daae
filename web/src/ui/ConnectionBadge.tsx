import { defineMessages, useIntl } from 'react-intl';
import type { ConnectionState } from '../firebase/connection';

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
} satisfies Record<ConnectionState, unknown>;

/** The connection state as the Firestore SDK reports it, in words (not colour alone). */
export function ConnectionBadge({ state, pendingWrites }: { state: ConnectionState; pendingWrites: boolean }) {
  const intl = useIntl();
  const text = intl.formatMessage(LABELS[state].text);
  const detail = intl.formatMessage(LABELS[state].detail);
  return (
    <p className={`connection connection-${state}`} role="status" title={detail}>
      <span className="connection-dot" aria-hidden="true" />
      <span>{text}</span>
      {pendingWrites ? (
        <span className="connection-pending">· {intl.formatMessage({ id: 'ui.connectionBadge.pending', defaultMessage: 'changes waiting to sync' })}</span>
      ) : null}
      <span className="visually-hidden">. {detail}</span>
    </p>
  );
}
