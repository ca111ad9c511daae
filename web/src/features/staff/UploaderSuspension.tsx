import type { UploaderSuspension as Suspension } from '@encore/model';
import { SUSPENSION_REASON_MAX } from '@encore/model';
import { useState, type FormEvent } from 'react';
import { Button, Input, Label, TextField } from 'react-aria-components';
import { FormattedMessage, useIntl } from 'react-intl';

/**
 * Who uploaded a photo in the queue, whether staff suspended their uploads and reports (by
 * whom, why, since when), and the way to suspend them (with a reason) or lift it.
 */
export function UploaderSuspension({
  photoId,
  uploaderUid,
  uploaderName,
  suspension,
  pending,
  onSuspend,
  onLift,
}: {
  photoId: string;
  uploaderUid: string;
  uploaderName: string | undefined;
  suspension: Suspension | undefined;
  pending: boolean;
  onSuspend(uid: string, reason: string): void;
  onLift(uid: string): void;
}) {
  const intl = useIntl();
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const who = uploaderName ?? uploaderUid;
  const at = (date: Date) => intl.formatDate(date, { dateStyle: 'medium', timeStyle: 'short' });
  const active = suspension?.active === true;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) return;
    onSuspend(uploaderUid, reason);
    setAsking(false);
    setReason('');
  };

  return (
    <div className="uploader-suspension">
      <p style={{ margin: 0 }}>
        <FormattedMessage id="staff.moderation.uploader" defaultMessage="Uploaded by {name}" values={{ name: who }} />
        {active ? (
          <>
            {' · '}
            <span className="status status-rejected">
              <FormattedMessage id="staff.moderation.suspended" defaultMessage="Suspended" />
            </span>
          </>
        ) : null}
      </p>
      {suspension ? (
        <p className="muted" style={{ margin: 0 }}>
          {active ? (
            <FormattedMessage
              id="staff.moderation.suspendedBy"
              defaultMessage="Uploads and reports suspended by {by} ({at}): “{reason}”"
              values={{ by: suspension.suspendedBy, at: at(suspension.suspendedAt), reason: suspension.reason }}
            />
          ) : (
            <FormattedMessage
              id="staff.moderation.liftedBy"
              defaultMessage="Suspension lifted by {by} ({at}); it was: “{reason}”"
              values={{ by: suspension.liftedBy ?? '?', at: suspension.liftedAt ? at(suspension.liftedAt) : '?', reason: suspension.reason }}
            />
          )}
        </p>
      ) : null}
      {active ? (
        <Button
          className="button button-small"
          isDisabled={pending}
          onPress={() => onLift(uploaderUid)}
          aria-label={intl.formatMessage({ id: 'staff.moderation.liftLabel', defaultMessage: 'Lift suspension: {name}' }, { name: who })}
        >
          <FormattedMessage id="staff.moderation.lift" defaultMessage="Lift suspension" />
        </Button>
      ) : asking ? (
        <form className="suspend-form" onSubmit={submit}>
          <TextField className="field" value={reason} onChange={setReason} maxLength={SUSPENSION_REASON_MAX} isRequired autoFocus>
            <Label>
              <FormattedMessage id="staff.moderation.suspendReason" defaultMessage="Why suspend {name}? (staff only)" values={{ name: who }} />
            </Label>
            <Input name={`suspend-reason-${photoId}`} />
          </TextField>
          <div className="button-row">
            <Button type="submit" className="button button-danger button-small" isDisabled={pending || !reason.trim()}>
              <FormattedMessage id="staff.moderation.suspendConfirm" defaultMessage="Suspend uploads and reports" />
            </Button>
            <Button className="button button-small" onPress={() => setAsking(false)}>
              <FormattedMessage id="staff.moderation.suspendCancel" defaultMessage="Cancel" />
            </Button>
          </div>
        </form>
      ) : (
        <Button
          className="button button-small"
          isDisabled={pending}
          onPress={() => setAsking(true)}
          aria-label={intl.formatMessage({ id: 'staff.moderation.suspendLabel', defaultMessage: 'Suspend uploader: {name} (uploads and reports)' }, { name: who })}
        >
          <FormattedMessage id="staff.moderation.suspend" defaultMessage="Suspend uploader…" />
        </Button>
      )}
    </div>
  );
}
