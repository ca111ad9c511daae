import { useEffect, useState } from 'react';
import { Button } from 'react-aria-components';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { Loading } from '../../ui/Loading';
import { Preferences } from '../../ui/Preferences';
import { NotificationSettings } from '../notifications/NotificationSettings';
import { DisplayNameField } from './DisplayNameField';
import { forgetDevice } from '../notifications/push-store';
import { useAccount } from './AccountContext';
import { SecondFactorSection } from './SecondFactorSection';
import { SecondFactorSignIn } from './SecondFactorSignIn';
import { SignInForms, signInNotices } from './SignInForms';
import { useSecondFactorChallenge } from './use-second-factor-challenge';

const auth = () => import('../../firebase/auth');

const notices = signInNotices;

/**
 * Sign-in. A visitor becomes a guest (anonymous) at their first heart or other act that needs
 * an account, and browses with none before; creating an account links the email to the
 * same user (a guest's), so the schedule is kept. Signing out wipes this device's cached data.
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
        {/* No account needed to offer them: turning them on makes one (a push subscription is stored under a uid). */}
        <NotificationSettings />
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
