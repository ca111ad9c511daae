import { useEffect, useState } from 'react';
import { Button, Form, Input, Label, Tab, TabList, TabPanel, Tabs, TextField } from 'react-aria-components';
import { FormattedMessage, defineMessages, useIntl } from 'react-intl';
import type { PasswordValidationStatus } from 'firebase/auth';
import { appConfig } from '../../config/firebase-config';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { passwordRules } from './password-rules';
import { SecondFactorSignIn } from './SecondFactorSignIn';
import { useSecondFactorChallenge } from './use-second-factor-challenge';

const auth = () => import('../../firebase/auth');

export const signInNotices = defineMessages({
  linkSignedIn: { id: 'account.page.linkSignedIn', defaultMessage: 'You are signed in. Your schedule is now saved to your account.' },
  created: { id: 'account.page.created', defaultMessage: 'Account created. Your schedule is saved to it.' },
  signedIn: { id: 'account.page.signedIn', defaultMessage: 'Signed in.' },
});
const notices = signInNotices;

/**
 * The whole sign-in, for pages other than the Account page (the organiser page): the forms, the
 * second step when the account has a second factor, and what went wrong.
 */
export function SignInPanel({ isGuest, firstTab }: { isGuest: boolean; firstTab?: SignInTab }) {
  const intl = useIntl();
  const [error, setError] = useState<unknown>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const { challenge, onSignInError, clear } = useSecondFactorChallenge(setError);
  return (
    <>
      {notice ? (
        <p className="notice notice-info" role="status">
          {notice}
        </p>
      ) : null}
      {error ? <ErrorNotice error={error} /> : null}
      {challenge ? (
        <SecondFactorSignIn
          challenge={challenge}
          onSignedIn={() => {
            clear();
            setNotice(intl.formatMessage(notices.signedIn));
          }}
          onCancel={clear}
        />
      ) : (
        <SignInForms isGuest={isGuest} firstTab={firstTab} onError={onSignInError} onNotice={setNotice} />
      )}
    </>
  );
}

/** Which way to sign in shows first: creating an account (the Account page: a guest saving their schedule), or signing in (organisers, invited staff). */
export type SignInTab = 'create' | 'sign-in';

export function SignInForms({ isGuest, firstTab = 'create', onError, onNotice }: { isGuest: boolean; firstTab?: SignInTab; onError(error: unknown): void; onNotice(text: string): void }) {
  const intl = useIntl();
  return (
    <div className="panel">
      <Tabs defaultSelectedKey={firstTab}>
        <TabList aria-label={intl.formatMessage({ id: 'account.signIn.ways', defaultMessage: 'Ways to sign in' })}>
          <Tab id="create">
            {isGuest ? (
              <FormattedMessage id="account.signIn.saveSchedule" defaultMessage="Save my schedule" />
            ) : (
              <FormattedMessage id="account.signIn.createTab" defaultMessage="Create account" />
            )}
          </Tab>
          <Tab id="sign-in">
            <FormattedMessage id="account.signIn.signInTab" defaultMessage="Sign in" />
          </Tab>
          <Tab id="link">
            <FormattedMessage id="account.signIn.linkTab" defaultMessage="Email link" />
          </Tab>
        </TabList>
        <TabPanel id="create">
          <PasswordForm mode="create" onError={onError} onNotice={onNotice} />
        </TabPanel>
        <TabPanel id="sign-in">
          {isGuest ? (
            <p className="notice notice-warn">
              <FormattedMessage id="account.signIn.guestWarning" defaultMessage="Signing in to another account leaves this guest schedule behind on this device." />
            </p>
          ) : null}
          <PasswordForm mode="sign-in" onError={onError} onNotice={onNotice} />
        </TabPanel>
        <TabPanel id="link">
          <EmailLinkForm onError={onError} onNotice={onNotice} />
        </TabPanel>
      </Tabs>
      {appConfig.googleSignIn ? (
        <Button
          className="button button-secondary"
          onPress={() =>
            void auth()
              .then((module) => module.signInWithGoogle())
              .catch(onError)
          }
        >
          <FormattedMessage id="account.signIn.google" defaultMessage="Continue with Google" />
        </Button>
      ) : null}
    </div>
  );
}

function PasswordForm({ mode, onError, onNotice }: { mode: 'create' | 'sign-in'; onError(error: unknown): void; onNotice(text: string): void }) {
  const intl = useIntl();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [status, setStatus] = useState<PasswordValidationStatus | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (mode !== 'create') return;
    let current = true;
    void auth()
      .then((module) => module.checkPassword(password))
      .then((result) => current && setStatus(result));
    return () => {
      current = false;
    };
  }, [mode, password]);

  const rules = passwordRules(status, password);
  return (
    <Form
      className="form-grid"
      style={{ gridTemplateColumns: '1fr' }}
      onSubmit={(event) => {
        event.preventDefault();
        setBusy(true);
        onError(null);
        void auth()
          .then((module) => module.signInOrUpgradeWithPassword(email.trim(), password, mode))
          .then(() => onNotice(intl.formatMessage(mode === 'create' ? notices.created : notices.signedIn)))
          .catch(onError)
          .finally(() => setBusy(false));
      }}
    >
      <TextField className="field" type="email" value={email} onChange={setEmail} isRequired autoComplete="email">
        <Label>
          <FormattedMessage id="account.signIn.email" defaultMessage="Email" />
        </Label>
        <Input />
      </TextField>
      <TextField
        className="field"
        type="password"
        value={password}
        onChange={setPassword}
        isRequired
        autoComplete={mode === 'create' ? 'new-password' : 'current-password'}
        aria-describedby={mode === 'create' ? `password-rules-${mode}` : undefined}
      >
        <Label>
          <FormattedMessage id="account.signIn.password" defaultMessage="Password" />
        </Label>
        <Input />
      </TextField>
      {mode === 'create' ? (
        <ul id={`password-rules-${mode}`} className="field-hint" aria-live="polite" style={{ margin: 0, paddingLeft: 20 }}>
          {rules.map((rule) => (
            <li key={rule.label.id}>
              <span aria-hidden="true">{rule.met ? '✓ ' : '○ '}</span>
              {intl.formatMessage(rule.label, rule.values)}
              <span className="visually-hidden">
                {rule.met ? (
                  <FormattedMessage id="account.signIn.ruleMet" defaultMessage=" (met)" />
                ) : (
                  <FormattedMessage id="account.signIn.ruleNotYet" defaultMessage=" (not yet)" />
                )}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      <Button type="submit" className="button" isDisabled={busy || (mode === 'create' && rules.some((rule) => !rule.met))}>
        {busy ? (
          <FormattedMessage id="account.signIn.wait" defaultMessage="Please wait…" />
        ) : mode === 'create' ? (
          <FormattedMessage id="account.signIn.create" defaultMessage="Create account" />
        ) : (
          <FormattedMessage id="account.signIn.submit" defaultMessage="Sign in" />
        )}
      </Button>
    </Form>
  );
}

function EmailLinkForm({ onError, onNotice }: { onError(error: unknown): void; onNotice(text: string): void }) {
  const intl = useIntl();
  const [email, setEmail] = useState('');
  return (
    <Form
      className="form-grid"
      style={{ gridTemplateColumns: '1fr' }}
      onSubmit={(event) => {
        event.preventDefault();
        onError(null);
        void auth()
          .then((module) => module.sendEmailLink(email.trim()))
          .then(() =>
            onNotice(
              intl.formatMessage(
                { id: 'account.emailLink.sent', defaultMessage: 'We sent a sign-in link to {email}. Open it on this device to finish.' },
                { email: email.trim() },
              ),
            ),
          )
          .catch(onError);
      }}
    >
      <TextField className="field" type="email" value={email} onChange={setEmail} isRequired autoComplete="email">
        <Label>
          <FormattedMessage id="account.emailLink.email" defaultMessage="Email" />
        </Label>
        <Input />
      </TextField>
      <Button type="submit" className="button">
        <FormattedMessage id="account.emailLink.send" defaultMessage="Email me a sign-in link" />
      </Button>
    </Form>
  );
}
