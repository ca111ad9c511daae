import { useState } from 'react';
import { Button } from 'react-aria-components';
import { FormattedMessage } from 'react-intl';
import { appConfig } from '../../config/firebase-config';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { describeSecondFactorError } from './second-factor-errors';

const secondFactor = () => import('../../firebase/second-factor');

/**
 * On the local emulators only: no text message is sent, so say where the code is (the
 * `npm start` console, `npm run mfa-code`) and offer to show it here. Nothing against a
 * real project.
 */
export function EmulatorCodeHint({ verificationId }: { verificationId: string }) {
  const [code, setCode] = useState<string | null | undefined>(undefined);
  const [error, setError] = useState<unknown>(null);
  if (!appConfig.emulators) return null;
  const show = () => {
    setError(null);
    void secondFactor()
      .then((module) => module.emulatorCode(verificationId))
      .then(setCode, setError);
  };
  return (
    <div className="notice notice-info">
      <p>
        <FormattedMessage
          id="account.emulatorCode.where"
          defaultMessage="Local emulator: no text message is sent. The code is on the <code>npm start</code> console, and <code>npm run mfa-code</code> prints it."
          values={{ code: (command) => <code>{command}</code> }}
        />
      </p>
      <Button className="button button-small button-secondary" onPress={show}>
        <FormattedMessage id="account.emulatorCode.show" defaultMessage="Show the code here" />
      </Button>
      <p role="status">
        {code ? (
          <FormattedMessage id="account.emulatorCode.code" defaultMessage="Code: {code}" values={{ code: <strong className="code">{code}</strong> }} />
        ) : code === null ? (
          <FormattedMessage id="account.emulatorCode.none" defaultMessage="The emulator has no code for this request: send a new one." />
        ) : null}
      </p>
      {error ? <ErrorNotice error={error} describe={describeSecondFactorError} /> : null}
    </div>
  );
}

/**
 * On the local emulators only: no email is sent, so the verification link the Auth emulator
 * holds for `email` can be shown here (opening it verifies the address). Nothing against a
 * real project.
 */
export function EmulatorEmailLinkHint({ email }: { email: string }) {
  const [link, setLink] = useState<string | null | undefined>(undefined);
  const [error, setError] = useState<unknown>(null);
  if (!appConfig.emulators) return null;
  const show = () => {
    setError(null);
    void secondFactor()
      .then((module) => module.emulatorVerificationLink(email))
      .then(setLink, setError);
  };
  return (
    <div className="notice notice-info">
      <p>
        <FormattedMessage id="account.emulatorLink.where" defaultMessage="Local emulator: no email is sent. The Auth emulator keeps the link, and can show it here." />
      </p>
      <Button className="button button-small button-secondary" onPress={show}>
        <FormattedMessage id="account.emulatorLink.show" defaultMessage="Show the link here" />
      </Button>
      <p role="status">
        {link ? (
          <a href={link} target="_blank" rel="noreferrer">
            <FormattedMessage id="account.emulatorLink.open" defaultMessage="Open the verification link (new tab), then press “I opened the link”" />
          </a>
        ) : link === null ? (
          <FormattedMessage id="account.emulatorLink.none" defaultMessage="The emulator holds no link for this address: send one first." />
        ) : null}
      </p>
      {error ? <ErrorNotice error={error} describe={describeSecondFactorError} /> : null}
    </div>
  );
}
