import type { UploaderSuspension as Suspension } from '@encore/model';
import { isSuspendedAt, SUSPENSION_REASON_MAX } from '@encore/model';
import { useState, type FormEvent } from 'react';
import { Button, Input, Label, Radio, RadioGroup, TextField } from 'react-aria-components';
import { FormattedMessage, useIntl } from 'react-intl';

/** How long a suspension lasts, as staff choose it: hours, or until someone lifts it. */
export const SUSPENSION_LENGTHS = ['24h', '72h', 'lifted'] as const;
export type SuspensionLength = (typeof SUSPENSION_LENGTHS)[number];

/** The end of a suspension of `length` made at `now`; null: until staff lift it. */
export function suspensionEnd(length: SuspensionLength, now: Date): Date | null {
  if (length === 'lifted') return null;
  return new Date(now.getTime() + Number.parseInt(length, 10) * 3_600_000);
}

/** A person named as staff know them, the id kept at hand (a tooltip) to tell two of one name apart. */
function Named({ name, uid }: { name: string; uid: string }) {
  return <span title={uid}>{name}</span>;
}

/**
 * Who uploaded a photo in the queue (the name they chose, else "a visitor without a name",
 * the id in the tooltip), whether staff suspended their uploads and reports (by whom, named
 * as the festival's staff list knows them, why, since and until when), and the way to
 * suspend them (with a reason and how long) or lift it.
 */
export function UploaderSuspension({
  photoId,
  uploaderUid,
  uploaderName,
  suspension,
  staffName,
  pending,
  onSuspend,
  onLift,
}: {
  photoId: string;
  uploaderUid: string;
  uploaderName: string | undefined;
  suspension: Suspension | undefined;
  /** A staff member's name (or email) by uid; the uid itself when unknown. */
  staffName(uid: string): string;
  pending: boolean;
  onSuspend(uid: string, reason: string, until: Date | null): void;
  onLift(uid: string): void;
}) {
  const intl = useIntl();
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const [length, setLength] = useState<SuspensionLength>('24h');
  const who = uploaderName ?? intl.formatMessage({ id: 'staff.moderation.uploaderUnnamed', defaultMessage: 'a visitor without a display name' });
  const at = (date: Date) => intl.formatDate(date, { dateStyle: 'medium', timeStyle: 'short' });
  // An ended suspension (its `until` passed) no longer holds: offered to suspend again.
  const active = isSuspendedAt(suspension, new Date());

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) return;
    onSuspend(uploaderUid, reason, suspensionEnd(length, new Date()));
    setAsking(false);
    setReason('');
  };

  return (
    <div className="uploader-suspension">
      <p style={{ margin: 0 }}>
        <FormattedMessage id="staff.moderation.uploader" defaultMessage="Uploaded by {name}" values={{ name: <Named name={who} uid={uploaderUid} /> }} />
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
          {active && suspension.until ? (
            <FormattedMessage
              id="staff.moderation.suspendedByUntil"
              defaultMessage="Uploads and reports suspended by {by} ({at}) until {until}: “{reason}”"
              values={{ by: <Named name={staffName(suspension.suspendedBy)} uid={suspension.suspendedBy} />, at: at(suspension.suspendedAt), until: at(suspension.until), reason: suspension.reason }}
            />
          ) : active ? (
            <FormattedMessage
              id="staff.moderation.suspendedBy"
              defaultMessage="Uploads and reports suspended by {by} ({at}): “{reason}”"
              values={{ by: <Named name={staffName(suspension.suspendedBy)} uid={suspension.suspendedBy} />, at: at(suspension.suspendedAt), reason: suspension.reason }}
            />
          ) : suspension.active && suspension.until ? (
            <FormattedMessage
              id="staff.moderation.suspensionEnded"
              defaultMessage="A suspension by {by} ended {until}; it was: “{reason}”"
              values={{ by: <Named name={staffName(suspension.suspendedBy)} uid={suspension.suspendedBy} />, until: at(suspension.until), reason: suspension.reason }}
            />
          ) : (
            <FormattedMessage
              id="staff.moderation.liftedBy"
              defaultMessage="Suspension lifted by {by} ({at}); it was: “{reason}”"
              values={{
                by: suspension.liftedBy ? <Named name={staffName(suspension.liftedBy)} uid={suspension.liftedBy} /> : '?',
                at: suspension.liftedAt ? at(suspension.liftedAt) : '?',
                reason: suspension.reason,
              }}
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
          <RadioGroup className="field" value={length} onChange={(value) => setLength(value as SuspensionLength)}>
            <Label>
              <FormattedMessage id="staff.moderation.suspendLength" defaultMessage="For how long? (they are told until when)" />
            </Label>
            <Radio value="24h" className="radio">
              <FormattedMessage id="staff.moderation.suspendOneDay" defaultMessage="24 hours" />
            </Radio>
            <Radio value="72h" className="radio">
              <FormattedMessage id="staff.moderation.suspendThreeDays" defaultMessage="3 days" />
            </Radio>
            <Radio value="lifted" className="radio">
              <FormattedMessage id="staff.moderation.suspendUntilLifted" defaultMessage="Until staff lift it" />
            </Radio>
          </RadioGroup>
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
