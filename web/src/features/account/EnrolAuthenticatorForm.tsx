import { useState } from 'react';
import { Button, Form, Input, Label, TextField } from 'react-aria-components';
import { FormattedMessage, useIntl } from 'react-intl';
import type { AuthenticatorSetup } from '../../firebase/second-factor';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { describeSecondFactorError } from './second-factor-errors';
import { CodeField, isSixDigitCode } from './CodeField';

const secondFactor = () => import('../../firebase/second-factor');

/** The secret in groups of four, as authenticator apps show and people type it. */
export const groupedKey = (key: string) => key.replace(/(.{4})(?=.)/g, '$1 ');

/**
 * Adding an authenticator app (TOTP) as a second factor. Production only: the project must
 * have TOTP enabled (Identity Platform) and the app built with VITE_MFA_TOTP=true; the Auth
 * emulator has no TOTP, so this is never shown on it. The app gets the secret by its
 * `otpauth://` link (on the phone itself) or by typing the key.
 */
export function EnrolAuthenticatorForm({ onEnrolled }: { onEnrolled(name: string): void }) {
  const intl = useIntl();
  const [setup, setSetup] = useState<AuthenticatorSetup | null>(null);
  const [name, setName] = useState(() => intl.formatMessage({ id: 'account.enrolApp.defaultName', defaultMessage: 'Authenticator app' }));
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);

  const start = () => {
    setBusy(true);
    setError(null);
    void secondFactor()
      .then((module) => module.startAuthenticatorEnrolment('Encore'))
      .then(setSetup, setError)
      .finally(() => setBusy(false));
  };

  const add = () => {
    if (!setup || !isSixDigitCode(code)) return;
    setBusy(true);
    setError(null);
    const label = name.trim() || intl.formatMessage({ id: 'account.enrolApp.defaultName', defaultMessage: 'Authenticator app' });
    setup
      .finish(code.trim(), label)
      .then(() => onEnrolled(label), setError)
      .finally(() => setBusy(false));
  };

  return (
    <div className="enrol-app">
      <h3>
        <FormattedMessage id="account.enrolApp.title" defaultMessage="Add an authenticator app" />
      </h3>
      {setup === null ? (
        <Button className="button button-secondary" onPress={start} isDisabled={busy}>
          <FormattedMessage id="account.enrolApp.start" defaultMessage="Set up an authenticator app" />
        </Button>
      ) : (
        <Form
          className="form-grid"
          style={{ gridTemplateColumns: '1fr' }}
          onSubmit={(event) => {
            event.preventDefault();
            add();
          }}
        >
          <p>
            <FormattedMessage
              id="account.enrolApp.instructions"
              defaultMessage="On this phone, open the link to add Encore to your authenticator app. On another device, add an account in the app and type this key:"
            />
          </p>
          <p>
            <a className="button button-secondary" href={setup.link}>
              <FormattedMessage id="account.enrolApp.link" defaultMessage="Open in authenticator app" />
            </a>
          </p>
          <p>
            <code className="code" aria-label={intl.formatMessage({ id: 'account.enrolApp.keyLabel', defaultMessage: 'Setup key' })}>
              {groupedKey(setup.secretKey)}
            </code>
          </p>
          <TextField className="field" value={name} onChange={setName} maxLength={40}>
            <Label>
              <FormattedMessage id="account.enrolApp.name" defaultMessage="Name for this app" />
            </Label>
            <Input />
          </TextField>
          <CodeField label={<FormattedMessage id="account.enrolApp.code" defaultMessage="Code the app shows" />} value={code} onChange={setCode} />
          <Button type="submit" className="button" isDisabled={busy || !isSixDigitCode(code)}>
            <FormattedMessage id="account.enrolApp.add" defaultMessage="Add this app" />
          </Button>
        </Form>
      )}
      {error ? <ErrorNotice error={error} describe={describeSecondFactorError} /> : null}
    </div>
  );
}
