import { REPORTS_PER_WINDOW, type ReportReason } from '@encore/model';
import { useState, type ReactNode } from 'react';
import { Button, Label, Radio, RadioGroup, TextArea, TextField } from 'react-aria-components';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { AlreadyReportedError, ReportLimitError } from './api/report-photo';
import { SuspendedNotice } from './SuspendedNotice';

/** Where the person stands with reporting this photo, as the dialog shows it. */
export type ReportStanding =
  | { kind: 'checking' }
  /** Signed out or a guest: reports need an account. */
  | { kind: 'needs-account' }
  /** A new account without a verified email: trusted from `trustedFrom`, or once verified. */
  | { kind: 'not-yet'; trustedFrom: Date | null }
  | { kind: 'can-report' }
  | { kind: 'reported' }
  /** Staff suspended their reports here (issue 36): until when, or null until staff lift it. */
  | { kind: 'suspended'; until: Date | null }
  | { kind: 'failed'; error: unknown };

export const reasonMessages = defineMessages<ReportReason>({
  inappropriate: { id: 'photos.report.reasonInappropriate', defaultMessage: 'Inappropriate or offensive' },
  privacy: { id: 'photos.report.reasonPrivacy', defaultMessage: 'Shows me or someone without consent' },
  spam: { id: 'photos.report.reasonSpam', defaultMessage: 'Spam or advertising' },
  copyright: { id: 'photos.report.reasonCopyright', defaultMessage: 'Someone else’s photo' },
  other: { id: 'photos.report.reasonOther', defaultMessage: 'Something else' },
});

const REASONS = Object.keys(reasonMessages) as ReportReason[];

const messages = defineMessages({
  reasonLabel: { id: 'photos.report.reasonLabel', defaultMessage: 'What is wrong with it?' },
  detailsLabel: { id: 'photos.report.detailsLabel', defaultMessage: 'Anything staff should know? (optional)' },
});

/**
 * The body of the "Report this photo" dialog: the form when the person may report, and
 * otherwise why not (no account, an account too new and unverified, reported already)
 * with what they can do about it.
 */
export function ReportPhotoPanel({
  standing,
  onSend,
  onVerifyEmail,
  onClose,
}: {
  standing: ReportStanding;
  onSend(reason: ReportReason, details: string): Promise<void>;
  onVerifyEmail(): Promise<void>;
  onClose(): void;
}) {
  const intl = useIntl();
  const [reason, setReason] = useState<ReportReason>('inappropriate');
  const [details, setDetails] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [verification, setVerification] = useState<'idle' | 'sending' | 'sent'>('idle');

  // Every state but the form says something and offers a way out.
  const withClose = (content: ReactNode) => (
    <>
      {content}
      <div className="button-row" style={{ marginTop: 12 }}>
        <Button className="button button-secondary" onPress={onClose}>
          <FormattedMessage id="photos.report.close" defaultMessage="Close" />
        </Button>
      </div>
    </>
  );

  if (standing.kind === 'checking') {
    return withClose(
      <p role="status">
        <FormattedMessage id="photos.report.checking" defaultMessage="Checking whether you can report photos…" />
      </p>,
    );
  }
  if (standing.kind === 'failed') return withClose(<ErrorNotice error={standing.error} />);
  if (standing.kind === 'needs-account') {
    return withClose(
      <p>
        <FormattedMessage
          id="photos.report.needsAccount"
          defaultMessage="To report a photo, please <link>sign in with an email account</link> first. Festival staff review every report."
          values={{ link: (chunks) => <Link to="/account">{chunks}</Link> }}
        />
      </p>,
    );
  }
  if (standing.kind === 'suspended') return withClose(<SuspendedNotice from="reporting" until={standing.until} />);
  if (standing.kind === 'reported') {
    return withClose(
      <p role="status">
        <FormattedMessage id="photos.report.alreadyReported" defaultMessage="You have reported this photo. Festival staff will look at it; there is no need to report it again." />
      </p>,
    );
  }
  if (standing.kind === 'not-yet') {
    return withClose(
      <div>
        <p>
          {standing.trustedFrom ? (
            <FormattedMessage
              id="photos.report.notYetUntil"
              defaultMessage="To keep reports trustworthy, new accounts can report photos once their email address is verified, or from {date}."
              values={{ date: intl.formatDate(standing.trustedFrom, { dateStyle: 'long' }) }}
            />
          ) : (
            <FormattedMessage id="photos.report.notYet" defaultMessage="To keep reports trustworthy, you can report photos once your email address is verified." />
          )}
        </p>
        {verification === 'sent' ? (
          <p role="status">
            <FormattedMessage id="photos.report.verificationSent" defaultMessage="We sent you a link. Open it, then come back and report the photo." />
          </p>
        ) : (
          <Button
            className="button button-small"
            isDisabled={verification === 'sending'}
            onPress={() => {
              setVerification('sending');
              setError(null);
              onVerifyEmail().then(
                () => setVerification('sent'),
                (caught: unknown) => {
                  setError(caught);
                  setVerification('idle');
                },
              );
            }}
          >
            <FormattedMessage id="photos.report.verifyEmail" defaultMessage="Email me a verification link" />
          </Button>
        )}
        {error ? <ErrorNotice error={error} /> : null}
      </div>,
    );
  }

  const send = async () => {
    setSending(true);
    setError(null);
    try {
      await onSend(reason, details);
    } catch (caught) {
      setError(caught);
    } finally {
      setSending(false);
    }
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <RadioGroup className="field" value={reason} onChange={(value) => setReason(value as ReportReason)}>
        <Label>{intl.formatMessage(messages.reasonLabel)}</Label>
        {REASONS.map((value) => (
          <Radio key={value} value={value} className="radio">
            {intl.formatMessage(reasonMessages[value])}
          </Radio>
        ))}
      </RadioGroup>
      <TextField className="field" value={details} onChange={setDetails} maxLength={500}>
        <Label>{intl.formatMessage(messages.detailsLabel)}</Label>
        <TextArea />
      </TextField>
      {error instanceof ReportLimitError ? (
        <p className="notice notice-error" role="alert">
          <FormattedMessage
            id="photos.report.limitReached"
            defaultMessage="You have sent {count} reports in the last hour. You can report again at {time}."
            values={{ count: REPORTS_PER_WINDOW, time: intl.formatTime(error.retryAt, { timeStyle: 'short' }) }}
          />
        </p>
      ) : error instanceof AlreadyReportedError ? (
        <p className="notice" role="status">
          <FormattedMessage id="photos.report.alreadyReported" defaultMessage="You have reported this photo. Festival staff will look at it; there is no need to report it again." />
        </p>
      ) : error ? (
        <ErrorNotice error={error} />
      ) : null}
      <div className="button-row" style={{ marginTop: 12 }}>
        <Button type="submit" className="button" isDisabled={sending}>
          {sending ? (
            <FormattedMessage id="photos.report.sending" defaultMessage="Sending…" />
          ) : (
            <FormattedMessage id="photos.report.send" defaultMessage="Send report" />
          )}
        </Button>
        <Button className="button button-secondary" onPress={onClose}>
          <FormattedMessage id="photos.report.cancel" defaultMessage="Cancel" />
        </Button>
      </div>
    </form>
  );
}
