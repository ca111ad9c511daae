import { useIntl } from 'react-intl';
import type { ConnectionState } from '../firebase/connection';

/** The states' words, one definition for this badge and the whole one (ConnectionBadge.tsx). */
export const CONNECTION_WORDS = {
  unknown: { id: 'ui.connectionBadge.unknown', defaultMessage: 'Connecting…' },
  online: { id: 'ui.connectionBadge.online', defaultMessage: 'Online' },
  offline: { id: 'ui.connectionBadge.offline', defaultMessage: 'Offline' },
};

/**
 * The header's connection state for the first paint, in one word (not colour alone), until the
 * whole badge (ConnectionBadge.tsx: what each state means, changes waiting to sync, "updates
 * delayed") arrives with app/LiveConnectionBadge.tsx once the first content is shown. The first
 * visit's JavaScript (bundle budget, issue 20) carries only these three words.
 */
export function FirstConnectionBadge({ state }: { state: ConnectionState }) {
  const intl = useIntl();
  return (
    <p className={`connection connection-${state}`} role="status">
      <span className="connection-dot" aria-hidden="true" />
      <span>{intl.formatMessage(CONNECTION_WORDS[state])}</span>
    </p>
  );
}
