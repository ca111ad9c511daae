import { useEffect, useState } from 'react';
import { Button, Form, Input, Label, Tab, TabList, TabPanel, Tabs, TextField } from 'react-aria-components';
import { appConfig } from '../../config/firebase-config';
import type { PasswordValidationStatus } from 'firebase/auth';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { Loading } from '../../ui/Loading';
import { useAccount } from './AccountContext';
import { passwordRules } from './password-rules';

const auth = () => import('../../firebase/auth');

/**
 * Sign-in. Everyone starts as a guest (anonymous); creating an account links the email to
 * the same user, so the schedule is kept. Signing out wipes this device's cached data.
 */
export default function AccountPage() {
  const { account } = useAccount();
  const [error, setError] = useState<unknown>(null);
  const [notice, setNotice] = useState<string | null>(null);

  // Finish an email-link sign-in when the page was opened from the link.
  useEffect(() => {
    void auth()
      .then((module) => module.completeEmailLink(window.location.href, () => window.prompt('Confirm your email to finish signing in')))
      .then((done) => done && setNotice('You are signed in. Your schedule is now saved to your account.'))
      .catch(setError);
  }, []);

  if (account === undefined) return <Loading label="Checking your account…" />;
  const signedIn = account && !account.anonymous;
  return (
    <>
      <header className="page-header">
        <h1>Account</h1>
        <p className="muted">
          {signedIn
            ? `Signed in as ${account.email ?? 'a festival-goer'}${account.role ? ` (${account.role})` : ''}.`
            : account
              ? 'You are using Encore as a guest: your schedule lives on this device. Create an account to keep it everywhere, and to share photos.'
              : 'Sign in to keep your schedule on every device and to share photos. You can also just start favouriting as a guest.'}
        </p>
      </header>
      {notice ? (
        <p className="notice notice-info" role="status">
          {notice}
        </p>
      ) : null}
      {error ? <ErrorNotice error={error} /> : null}
      {signedIn ? (
        <section className="panel" style={{ maxWidth: 560 }}>
          <h2>Sign out</h2>
          <p>Signing out removes your schedule, notices and cached festival data from this device, so it is safe on a shared phone.</p>
          <Button className="button" onPress={() => void auth().then((module) => module.signOutEverywhere()).catch(setError)}>
            Sign out of this device
          </Button>
        </section>
      ) : (
        <SignInForms isGuest={Boolean(account?.anonymous)} onError={setError} onNotice={setNotice} />
      )}
    </>
  );
}

function SignInForms({ isGuest, onError, onNotice }: { isGuest: boolean; onError(error: unknown): void; onNotice(text: string): void }) {
  return (
    <div className="panel" style={{ maxWidth: 560 }}>
      <Tabs>
        <TabList aria-label="Ways to sign in" className="staff-nav">
          <Tab id="create">{isGuest ? 'Save my schedule' : 'Create account'}</Tab>
          <Tab id="sign-in">Sign in</Tab>
          <Tab id="link">Email link</Tab>
        </TabList>
        <TabPanel id="create">
          <PasswordForm mode="create" onError={onError} onNotice={onNotice} />
        </TabPanel>
        <TabPanel id="sign-in">
          {isGuest ? (
            <p className="notice notice-warn">Signing in to another account leaves this guest schedule behind on this device.</p>
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
          Continue with Google
        </Button>
      ) : null}
    </div>
  );
}

function PasswordForm({ mode, onError, onNotice }: { mode: 'create' | 'sign-in'; onError(error: unknown): void; onNotice(text: string): void }) {
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
          .then(() => onNotice(mode === 'create' ? 'Account created. Your schedule is saved to it.' : 'Signed in.'))
          .catch(onError)
          .finally(() => setBusy(false));
      }}
    >
      <TextField className="field" type="email" value={email} onChange={setEmail} isRequired autoComplete="email">
        <Label>Email</Label>
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
        <Label>Password</Label>
        <Input />
      </TextField>
      {mode === 'create' ? (
        <ul id={`password-rules-${mode}`} className="field-hint" aria-live="polite" style={{ margin: 0, paddingLeft: 20 }}>
          {rules.map((rule) => (
            <li key={rule.label}>
              <span aria-hidden="true">{rule.met ? '✓ ' : '○ '}</span>
              {rule.label}
              <span className="visually-hidden">{rule.met ? ' (met)' : ' (not yet)'}</span>
            </li>
          ))}
        </ul>
      ) : null}
      <Button type="submit" className="button" isDisabled={busy || (mode === 'create' && rules.some((rule) => !rule.met))}>
        {busy ? 'Please wait…' : mode === 'create' ? 'Create account' : 'Sign in'}
      </Button>
    </Form>
  );
}

function EmailLinkForm({ onError, onNotice }: { onError(error: unknown): void; onNotice(text: string): void }) {
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
          .then(() => onNotice(`We sent a sign-in link to ${email.trim()}. Open it on this device to finish.`))
          .catch(onError);
      }}
    >
      <TextField className="field" type="email" value={email} onChange={setEmail} isRequired autoComplete="email">
        <Label>Email</Label>
        <Input />
      </TextField>
      <Button type="submit" className="button">
        Email me a sign-in link
      </Button>
    </Form>
  );
}
