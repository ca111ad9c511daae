import { Button } from 'react-aria-components';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import type { NotCountedBecause, UploaderSuspension as Suspension } from '@encore/model';
import { reasonMessages } from '../photos/ReportPhotoPanel';
import type { ModerationItem, ModerationState } from './moderation-items';
import { StaffPhotoImage } from './StaffPhotoImage';
import { UploaderSuspension } from './UploaderSuspension';

/** Why a report did not count towards hiding, as staff read it. */
const notCountedMessages = defineMessages<NotCountedBecause>({
  'no-account': { id: 'staff.moderation.notCountedNoAccount', defaultMessage: 'deleted account' },
  anonymous: { id: 'staff.moderation.notCountedAnonymous', defaultMessage: 'guest' },
  'unverified-email': { id: 'staff.moderation.notCountedUnverifiedEmail', defaultMessage: 'email not verified' },
  'new-account': { id: 'staff.moderation.notCountedNewAccount', defaultMessage: 'new account' },
  'no-history': { id: 'staff.moderation.notCountedNoHistory', defaultMessage: 'no earlier use of the app' },
  refuted: { id: 'staff.moderation.notCountedRefuted', defaultMessage: 'reported wrongly before' },
});

function StateLine({ state }: { state: ModerationState }) {
  const intl = useIntl();
  const at = (date: Date) => intl.formatDate(date, { dateStyle: 'medium', timeStyle: 'short' });
  switch (state.kind) {
    case 'auto-hidden':
      return (
        <FormattedMessage
          id="staff.moderation.autoHidden"
          defaultMessage="Hidden automatically after {count, plural, one {# trusted report} other {# trusted reports}} ({at})"
          values={{ count: state.trustedReporters, at: at(state.at) }}
        />
      );
    case 'hidden-by-staff':
      return <FormattedMessage id="staff.moderation.hiddenBy" defaultMessage="Hidden by {name} ({at})" values={{ name: state.by, at: at(state.at) }} />;
    case 'restored-by-staff':
      return <FormattedMessage id="staff.moderation.restoredBy" defaultMessage="Restored by {name} ({at})" values={{ name: state.by, at: at(state.at) }} />;
    case 'hidden':
      return <FormattedMessage id="staff.moderation.hiddenUnknown" defaultMessage="Hidden (no record of why)" />;
    case 'visible':
      return null;
  }
}

/** Selecting photos for a batch, and suspending their uploaders: absent, the queue offers neither. */
export interface QueueActions {
  selectedIds: ReadonlySet<string>;
  onToggleSelected(photoId: string): void;
  /** Suspensions by the uid of the person suspended. */
  suspensions: ReadonlyMap<string, Suspension>;
  /** Uploaders whose suspension is being written. */
  suspensionPending: ReadonlySet<string>;
  /** A staff member's name (or email) by uid, for who suspended and lifted; the uid when unknown. */
  staffName(uid: string): string;
  onSuspend(uid: string, reason: string, until: Date | null): void;
  onLift(uid: string): void;
}

/**
 * Reported and hidden photos: why, by how many, and hide/restore; decisions in flight show as
 * saving. With `actions`, each photo can be selected for a batch, and its uploader suspended.
 */
export function ModerationView({
  items,
  pendingIds,
  onHide,
  onRestore,
  actions,
}: {
  items: ModerationItem[];
  pendingIds: ReadonlySet<string>;
  onHide(photoId: string): void;
  onRestore(photoId: string): void;
  actions?: QueueActions;
}) {
  const intl = useIntl();
  if (items.length === 0) {
    return (
      <p className="empty">
        <FormattedMessage id="staff.moderation.empty" defaultMessage="Nothing to review: no reported or hidden photos." />
      </p>
    );
  }
  return (
    <ul className="moderation-list" aria-label={intl.formatMessage({ id: 'staff.moderation.listLabel', defaultMessage: 'Photos to review' })}>
      {items.map(({ photo, state, reports, trustedReporters, notCounted, heldAt, reasons, details }) => {
        const hidden = photo.status === 'hidden';
        const label = intl.formatMessage({ id: 'staff.moderation.itemLabel', defaultMessage: 'Photo {id}' }, { id: photo.id });
        const pending = pendingIds.has(photo.id);
        return (
          <li key={photo.id} className="moderation-item" aria-label={label}>
            <div className="photo-tile">
              <StaffPhotoImage
                photo={photo}
                sizes="260px"
                width={320}
                alt={
                  hidden
                    ? intl.formatMessage({ id: 'staff.moderation.altHidden', defaultMessage: 'Hidden photo under review' })
                    : intl.formatMessage({ id: 'staff.moderation.altReported', defaultMessage: 'Reported photo' })
                }
              />
            </div>
            <div className="moderation-item-body">
              <p style={{ margin: 0 }}>
                <span className={`status ${hidden ? 'status-rejected' : 'status-processing'}`}>
                  {hidden ? (
                    <FormattedMessage id="staff.moderation.statusHidden" defaultMessage="Hidden" />
                  ) : (
                    <FormattedMessage id="staff.moderation.statusVisible" defaultMessage="Visible" />
                  )}
                </span>
                {' · '}
                <FormattedMessage
                  id="staff.moderation.reportCounts"
                  defaultMessage="{reports, plural, =0 {no reports} one {# report} other {# reports}}, {trusted} from trusted accounts"
                  values={{ reports, trusted: trustedReporters }}
                />
                {pending ? (
                  <span className="muted">
                    {' · '}
                    <FormattedMessage id="staff.moderation.saving" defaultMessage="saving…" />
                  </span>
                ) : null}
              </p>
              {state.kind !== 'visible' ? (
                <p style={{ margin: 0 }}>
                  <StateLine state={state} />
                </p>
              ) : null}
              {heldAt ? (
                <p style={{ margin: 0 }}>
                  <FormattedMessage
                    id="staff.moderation.held"
                    defaultMessage="Waiting for you: enough trusted reports to hide it, but the festival reached its automatic hides for the hour ({at})"
                    values={{ at: intl.formatDate(heldAt, { dateStyle: 'medium', timeStyle: 'short' }) }}
                  />
                </p>
              ) : null}
              {notCounted.length > 0 ? (
                <p className="muted" style={{ margin: 0 }}>
                  <FormattedMessage
                    id="staff.moderation.notCounted"
                    defaultMessage="Not counted towards hiding: {list}"
                    values={{ list: notCounted.map(({ because, count }) => `${intl.formatMessage(notCountedMessages[because])} ×${count}`).join(', ') }}
                  />
                </p>
              ) : null}
              {reasons.length > 0 ? (
                <p className="muted" style={{ margin: 0 }}>
                  {reasons.map(({ reason, count }) => `${intl.formatMessage(reasonMessages[reason])} ×${count}`).join(', ')}
                </p>
              ) : null}
              {details.slice(0, 3).map((detail, index) => (
                <blockquote key={index} style={{ margin: 0, fontStyle: 'italic' }}>
                  “{detail}”
                </blockquote>
              ))}
              {actions ? (
                <label className="moderation-select">
                  <input type="checkbox" checked={actions.selectedIds.has(photo.id)} onChange={() => actions.onToggleSelected(photo.id)} />
                  <FormattedMessage id="staff.moderation.select" defaultMessage="Select {photo}" values={{ photo: label }} />
                </label>
              ) : null}
              {actions ? (
                <UploaderSuspension
                  photoId={photo.id}
                  uploaderUid={photo.uploaderUid}
                  uploaderName={photo.uploaderName}
                  suspension={actions.suspensions.get(photo.uploaderUid)}
                  staffName={actions.staffName}
                  pending={actions.suspensionPending.has(photo.uploaderUid)}
                  onSuspend={actions.onSuspend}
                  onLift={actions.onLift}
                />
              ) : null}
              {hidden ? (
                <Button
                  className="button button-small"
                  isDisabled={pending}
                  onPress={() => onRestore(photo.id)}
                  aria-label={intl.formatMessage({ id: 'staff.moderation.restoreLabel', defaultMessage: 'Restore to the wall: {photo}' }, { photo: label })}
                >
                  <FormattedMessage id="staff.moderation.restore" defaultMessage="Restore to the wall" />
                </Button>
              ) : (
                <Button
                  className="button button-danger button-small"
                  isDisabled={pending}
                  onPress={() => onHide(photo.id)}
                  aria-label={intl.formatMessage({ id: 'staff.moderation.hideLabel', defaultMessage: 'Hide from the wall: {photo}' }, { photo: label })}
                >
                  <FormattedMessage id="staff.moderation.hide" defaultMessage="Hide from the wall" />
                </Button>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
