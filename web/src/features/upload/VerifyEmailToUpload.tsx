import { useState } from 'react';
import { Button } from 'react-aria-components';
import { FormattedMessage } from 'react-intl';
import { ErrorNotice } from '../../ui/ErrorNotice';

/**
 * Uploading needs a verified email address (storage.rules refuse the upload otherwise, issue
 * 24): an account made in a second must not add its own share of the photo wall's uploads.
 * Says so, sends the verification link, and once the person has opened it, refreshes their
 * ID token so the rules see `email_verified` (the account context follows the new token).
 */
export function VerifyEmailToUpload({ email, onSend, onVerified }: { email: string | null; onSend(): Promise<void>; onVerified(): Promise<void> }) {
  const [state, setState] = useState<'idle' | 'sending' | 'sent' | 'checking'>('idle');
  const [error, setError] = useState<unknown>(null);
  const run = (busy: 'sending' | 'checking', work: () => Promise<void>, after: 'idle' | 'sent') => {
    setState(busy);
    setError(null);
    work().then(
      () => setState(after),
      (caught: unknown) => {
        setError(caught);
        setState(busy === 'sending' ? 'idle' : 'sent');
      },
    );
  };
  return (
    <div className="notice notice-info">
      <p>
        <FormattedMessage
          id="upload.verify.why"
          defaultMessage="To share photos, first verify your email address{email, select, none {} other { ({email})}}. It keeps the photo wall for real visitors: accounts made in a second cannot flood it."
          values={{ email: email ?? 'none' }}
        />
      </p>
      {state === 'sent' || state === 'checking' ? (
        <>
          <p role="status">
            <FormattedMessage id="upload.verify.sent" defaultMessage="We sent you a link. Open it, then come back here and choose “I have verified it”." />
          </p>
          <Button className="button button-small" isDisabled={state === 'checking'} onPress={() => run('checking', onVerified, 'sent')}>
            <FormattedMessage id="upload.verify.done" defaultMessage="I have verified it" />
          </Button>
        </>
      ) : (
        <Button className="button button-small" isDisabled={state === 'sending'} onPress={() => run('sending', onSend, 'sent')}>
          <FormattedMessage id="upload.verify.send" defaultMessage="Email me a verification link" />
        </Button>
      )}
      {error ? <ErrorNotice error={error} /> : null}
    </div>
  );
}
