import { useEffect, useState } from 'react';
import { Button, Form, Input, Label, Tab, TabList, TabPanel, Tabs, TextField } from 'react-aria-components';
import { FormattedMessage, defineMessages, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { appConfig } from '../../config/firebase-config';
import type { PasswordValidationStatus } from 'firebase/auth';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { Loading } from '../../ui/Loading';
import { Preferences } from '../../ui/Preferences';
import { NotificationSettings } from '../notifications/NotificationSettings';
import { DisplayNameField } from './DisplayNameField';
import { forgetDevice } from '../notifications/push-store';
import { useAccount } from './AccountContext';
import { passwordRules } from './password-rules';
import { SecondFactorSection } from './SecondFactorSection';
import { SecondFactorSignIn } from './SecondFactorSignIn';
import { useSecondFactorChallenge } from './use-second-factor-challenge';

const auth = () => import('../../firebase/auth');

const notices = defineMessages({
  linkSignedIn: { id: 'account.page.linkSignedIn', defaultMessage: 'You are signed in. Your schedule is now saved to your account.' },
  created: { id: 'account.page.created', defaultMessage: 'Account created. Your schedule is saved to it.' },
  signedIn: { id: 'account.page.signedIn', defaultMessage: 'Signed in.' },
});

/**
 * Sign-in. Everyone starts as a guest (anonymous); creating an account links the email to
 * the same user, so the schedule is kept. Signing out wipes this device's cached data.
 */
export default function AccountPage() {
  const intl = useIntl();
  const { account } = useAccount();
  const [error, setError] = useState<unknown>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const { challenge, onSignInError, clear: clearChallenge } = useSecondFactorChallenge(setError);

  // Finish an email-link sign-in when the page was opened from the link.
  useEffect(() => {
    void auth()
      .then((module) =>
        module.completeEmailLink(window.location.href, () =>
          window.prompt(intl.formatMessage({ id: 'account.page.confirmEmail', defaultMessage: 'Confirm your email to finish signing in' })),
        ),
      )
      .then((done) => done && setNotice(intl.formatMessage(notices.linkSignedIn)))
      .catch(onSignInError);
    // Once, when the page opens (the link is in its URL); the language may change later.
  }, []);

  if (account === undefined) return <Loading label={<FormattedMessage id="account.page.checking" defaultMessage="Checking your account…" />} />;
  const signedIn = account && !account.anonymous;
  return (
    <>
      <header className="page-header">
        <h1>
          <FormattedMessage id="account.page.title" defaultMessage="Account" />
        </h1>
        <p className="muted">
          {signedIn ? (
            <FormattedMessage
              id="account.page.signedInAs"
              defaultMessage="Signed in as {email}{role, select, none {} other { ({role})}}."
              values={{
                email: account.email ?? intl.formatMessage({ id: 'account.page.someone', defaultMessage: 'a festival-goer' }),
                role: account.role ?? 'none',
              }}
            />
          ) : account ? (
            <FormattedMessage
              id="account.page.guest"
              defaultMessage="You are using Encore as a guest: your schedule lives on this device. Create an account to keep it everywhere, and to share photos."
            />
          ) : (
            <FormattedMessage
              id="account.page.signedOut"
              defaultMessage="Sign in to keep your schedule on every device and to share photos. You can also just start favouriting as a guest."
            />
          )}
        </p>
      </header>
      {notice ? (
        <p className="notice notice-info" role="status">
          {notice}
        </p>
      ) : null}
      {error ? <ErrorNotice error={error} /> : null}
      <div className="account-grid">
        {signedIn ? (
          <section className="panel">
            <h2>
              <FormattedMessage id="account.page.signOutTitle" defaultMessage="Sign out" />
            </h2>
            <p>
              <FormattedMessage
                id="account.page.signOutBody"
                defaultMessage="Signing out removes your schedule, notices and cached festival data from this device, so it is safe on a shared phone."
              />
            </p>
            <Button
              className="button"
              // This device stops getting the person's pushes first, while it may still delete its registration.
              onPress={() =>
                void forgetDevice()
                  .catch((failure: unknown) => console.warn('Device not unregistered:', failure))
                  .then(() => auth())
                  .then((module) => module.signOutEverywhere())
                  .catch(setError)
              }
            >
              <FormattedMessage id="account.page.signOut" defaultMessage="Sign out of this device" />
            </Button>
          </section>
        ) : challenge ? (
          <SecondFactorSignIn
            challenge={challenge}
            onSignedIn={() => {
              clearChallenge();
              setNotice(intl.formatMessage(notices.signedIn));
            }}
            onCancel={clearChallenge}
          />
        ) : (
          <SignInForms isGuest={Boolean(account?.anonymous)} onError={onSignInError} onNotice={setNotice} />
        )}
        {signedIn ? <SecondFactorSection account={account} /> : null}
        <section className="panel" aria-labelledby="preferences-title">
          <h2 id="preferences-title">
            <FormattedMessage id="account.page.preferences" defaultMessage="Language and look" />
          </h2>
          <Preferences />
        </section>
        {account ? <DisplayNameField /> : null}
        {account ? <NotificationSettings /> : null}
        <section className="panel" aria-labelledby="friends-title">
          <h2 id="friends-title">
            <FormattedMessage id="account.page.friendsTitle" defaultMessage="Friends" />
          </h2>
          <p>
            <FormattedMessage id="account.page.friendsBody" defaultMessage="Invite friends to see which sets each of you plans. Guests can too." />
          </p>
          <Link to="/friends" className="button button-secondary">
            <FormattedMessage id="account.page.friendsOpen" defaultMessage="Your friends" />
          </Link>
          <Link to="/groups" className="button button-secondary">
            <FormattedMessage id="account.page.groupsOpen" defaultMessage="Groups and meet-ups" />
          </Link>
        </section>
      </div>
    </>
  );
}

/** The ways to sign in (create an account, password, email link, Google): also on the staff invite page (features/team). */
export function SignInForms({ isGuest, onError, onNotice }: { isGuest: boolean; onError(error: unknown): void; onNotice(text: string): void }) {
  const intl = useIntl();
  return (
    <div className="panel">
      <Tabs>
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
