import { useEffect, useRef, useState } from 'react';
import { Button } from 'react-aria-components';
import { FormattedMessage, useIntl } from 'react-intl';
import { appConfig } from '../../config/firebase-config';
import type { SignedInAccount } from '../../firebase/auth';
import type { EnrolledFactor } from '../../firebase/second-factor';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { describeSecondFactorError } from './second-factor-errors';
import { festivalAccessOf } from './staff-access';
import { useFestivalRole } from './use-festival-role';
import { EnrolAuthenticatorForm } from './EnrolAuthenticatorForm';
import { EnrolPhoneForm } from './EnrolPhoneForm';
import { FactorLabel } from './FactorLabel';
import { EmulatorEmailLinkHint } from './EmulatorCodeHint';

const secondFactor = () => import('../../firebase/second-factor');

/** The id the staff console's "Set up a second factor" link points at (`/account#second-factor`). */
export const SECOND_FACTOR_SECTION_ID = 'second-factor';

/**
 * The Account page's second-factor panel: what it is for (staff must have one), the
 * factors the account has (each removable), and adding one: a phone everywhere, an
 * authenticator app where the project offers it. Second factors need a verified email.
 */
export function SecondFactorSection({ account }: { account: SignedInAccount }) {
  const [factors, setFactors] = useState<EnrolledFactor[] | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [added, setAdded] = useState<string | null>(null);
  /** With a factor already there, the forms to add one open on request. */
  const [adding, setAdding] = useState(false);
  const section = useRef<HTMLElement>(null);

  // Read again whenever the account changes: enrolling or removing a factor refreshes the token.
  useEffect(() => {
    let current = true;
    void secondFactor().then(
      (module) => current && setFactors(module.enrolledFactors()),
      (caught: unknown) => current && setError(caught),
    );
    return () => {
      current = false;
    };
  }, [account]);

  // The staff console links here.
  useEffect(() => {
    if (window.location.hash === `#${SECOND_FACTOR_SECTION_ID}`) section.current?.scrollIntoView({ block: 'start' });
  }, []);

  // The current festival's console: the project admin's claim, or the person's role in it.
  const role = useFestivalRole(appConfig.festivalId, account);
  const access = festivalAccessOf(account, role.role, 'figures');
  const staff = access !== 'not-staff';
  return (
    <section className="panel second-factor" id={SECOND_FACTOR_SECTION_ID} ref={section} aria-labelledby="second-factor-title">
      <h2 id="second-factor-title">
        <FormattedMessage id="account.secondFactor.title" defaultMessage="Second factor" />
      </h2>
      <p>
        {staff ? (
          <FormattedMessage
            id="account.secondFactor.staffIntro"
            defaultMessage="Staff must sign in with a second factor: after your password, a code texted to your phone. The staff console and staff actions only open for a sign-in that used it."
          />
        ) : (
          <FormattedMessage
            id="account.secondFactor.intro"
            defaultMessage="A second factor protects your account if your password leaks: after your password, you also enter a code texted to your phone."
          />
        )}
      </p>
      {access === 'second-factor-needed' ? (
        <p className="notice notice-warn">
          {account.enrolledFactors === 0 ? (
            <FormattedMessage id="account.secondFactor.staffLocked" defaultMessage="The staff console is locked until you add a second factor below." />
          ) : (
            <FormattedMessage
              id="account.secondFactor.staffSignInAgain"
              defaultMessage="This sign-in did not use your second factor, so the staff console is locked: sign out, then sign in again with your code."
            />
          )}
        </p>
      ) : access === 'granted' ? (
        <p className="notice notice-info">
          <FormattedMessage id="account.secondFactor.staffOpen" defaultMessage="This sign-in used your second factor: the staff console is open." />
        </p>
      ) : null}
      {added ? (
        <p className="notice notice-info" role="status">
          <FormattedMessage id="account.secondFactor.added" defaultMessage="“{name}” is added. You will be asked for its code each time you sign in." values={{ name: added }} />
        </p>
      ) : null}
      {error ? <ErrorNotice error={error} describe={describeSecondFactorError} /> : null}
      {factors === null ? null : <FactorList factors={factors} staff={staff} onError={setError} />}
      {!account.emailVerified ? (
        <VerifyEmailFirst email={account.email} />
      ) : factors !== null && factors.length > 0 && !adding ? (
        <Button className="button button-secondary" onPress={() => setAdding(true)}>
          <FormattedMessage id="account.secondFactor.addAnother" defaultMessage="Add another second factor" />
        </Button>
      ) : (
        <>
          <EnrolPhoneForm
            onEnrolled={(name) => {
              setError(null);
              setAdded(name);
              setAdding(false);
            }}
          />
          {appConfig.authenticatorApps ? (
            <EnrolAuthenticatorForm
              onEnrolled={(name) => {
                setAdded(name);
                setAdding(false);
              }}
            />
          ) : null}
        </>
      )}
    </section>
  );
}

function FactorList({ factors, staff, onError }: { factors: EnrolledFactor[]; staff: boolean; onError(error: unknown): void }) {
  const intl = useIntl();
  const [confirming, setConfirming] = useState<string | null>(null);
  const [removing, setRemoving] = useState<string | null>(null);
  if (factors.length === 0) {
    return (
      <p className="muted">
        <FormattedMessage id="account.secondFactor.none" defaultMessage="No second factor yet." />
      </p>
    );
  }
  const remove = (uid: string) => {
    setRemoving(uid);
    onError(null);
    void secondFactor()
      .then((module) => module.removeFactor(uid))
      .catch(onError)
      .finally(() => {
        setRemoving(null);
        setConfirming(null);
      });
  };
  return (
    <ul className="factor-list" aria-label={intl.formatMessage({ id: 'account.secondFactor.list', defaultMessage: 'Your second factors' })}>
      {factors.map((factor) => (
        <li key={factor.uid} className="factor">
          <span>
            <strong>
              <FactorLabel factor={factor} />
            </strong>
            {factor.enrolledAt ? (
              <span className="muted">
                {' · '}
                <FormattedMessage
                  id="account.secondFactor.addedOn"
                  defaultMessage="added {date}"
                  values={{ date: intl.formatDate(factor.enrolledAt, { day: 'numeric', month: 'short', year: 'numeric' }) }}
                />
              </span>
            ) : null}
          </span>
          {confirming === factor.uid ? (
            <span className="button-row" role="group" aria-label={intl.formatMessage({ id: 'account.secondFactor.confirmGroup', defaultMessage: 'Remove this second factor?' })}>
              <span>
                {staff && factors.length === 1 ? (
                  <FormattedMessage id="account.secondFactor.confirmLast" defaultMessage="Remove it? Without a second factor the staff console locks." />
                ) : (
                  <FormattedMessage id="account.secondFactor.confirm" defaultMessage="Remove it?" />
                )}
              </span>
              <Button className="button button-danger button-small" onPress={() => remove(factor.uid)} isDisabled={removing !== null}>
                <FormattedMessage id="account.secondFactor.removeYes" defaultMessage="Remove" />
              </Button>
              <Button className="button button-secondary button-small" onPress={() => setConfirming(null)} isDisabled={removing !== null}>
                <FormattedMessage id="account.secondFactor.keep" defaultMessage="Keep it" />
              </Button>
            </span>
          ) : (
            <Button
              className="button button-secondary button-small"
              onPress={() => setConfirming(factor.uid)}
              aria-label={intl.formatMessage(
                { id: 'account.secondFactor.removeNamed', defaultMessage: 'Remove {factor}' },
                { factor: factor.displayName ?? factor.phoneNumber ?? factor.uid },
              )}
            >
              <FormattedMessage id="account.secondFactor.remove" defaultMessage="Remove" />
            </Button>
          )}
        </li>
      ))}
    </ul>
  );
}

function VerifyEmailFirst({ email }: { email: string | null }) {
  const [state, setState] = useState<'idle' | 'sending' | 'sent' | 'checking'>('idle');
  const [error, setError] = useState<unknown>(null);
  const run = (work: () => Promise<void>, during: 'sending' | 'checking', after: 'idle' | 'sent') => {
    setState(during);
    setError(null);
    work().then(
      () => setState(after),
      (caught: unknown) => {
        setError(caught);
        setState('idle');
      },
    );
  };
  return (
    <div className="notice notice-warn">
      <p>
        <FormattedMessage
          id="account.secondFactor.verifyFirst"
          defaultMessage="A second factor needs a verified email. We send a link to {email}; open it, then come back here."
          values={{ email: email ?? '' }}
        />
      </p>
      <div className="button-row">
        <Button className="button button-small" isDisabled={state !== 'idle' && state !== 'sent'} onPress={() => run(() => secondFactor().then((module) => module.sendVerificationEmail()), 'sending', 'sent')}>
          {state === 'sent' ? (
            <FormattedMessage id="account.secondFactor.resendLink" defaultMessage="Send the link again" />
          ) : (
            <FormattedMessage id="account.secondFactor.sendLink" defaultMessage="Send the link" />
          )}
        </Button>
        <Button className="button button-secondary button-small" isDisabled={state === 'sending' || state === 'checking'} onPress={() => run(() => secondFactor().then((module) => module.refreshAccount()), 'checking', 'idle')}>
          <FormattedMessage id="account.secondFactor.verified" defaultMessage="I opened the link" />
        </Button>
      </div>
      <p role="status">
        {state === 'sent' ? <FormattedMessage id="account.secondFactor.linkSent" defaultMessage="Link sent. Check your inbox." /> : null}
      </p>
      {state === 'sent' && email ? <EmulatorEmailLinkHint email={email} /> : null}
      {error ? <ErrorNotice error={error} describe={describeSecondFactorError} /> : null}
    </div>
  );
}
