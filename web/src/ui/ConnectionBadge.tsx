import type { ConnectionState } from '../firebase/connection';

const LABELS: Record<ConnectionState, { text: string; detail: string }> = {
  unknown: { text: 'Connecting…', detail: 'Showing what is saved on this device until the festival servers answer.' },
  online: { text: 'Online', detail: 'Live: counts and changes arrive as they happen.' },
  offline: { text: 'Offline', detail: 'Showing the programme saved on this device. Your changes will sync when you are back online.' },
};

/** The connection state as the Firestore SDK reports it, in words (not colour alone). */
export function ConnectionBadge({ state, pendingWrites }: { state: ConnectionState; pendingWrites: boolean }) {
  const { text, detail } = LABELS[state];
  return (
    <p className={`connection connection-${state}`} role="status" title={detail}>
      <span className="connection-dot" aria-hidden="true" />
      <span>{text}</span>
      {pendingWrites ? <span className="connection-pending">· changes waiting to sync</span> : null}
      <span className="visually-hidden">. {detail}</span>
    </p>
  );
}
