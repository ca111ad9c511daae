import { staffInviteSecretSchema, type FestivalRole } from '@encore/model';
import { useState } from 'react';
import { Button } from 'react-aria-components';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { useFestival } from '../../festival/FestivalContext';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { Loading } from '../../ui/Loading';
import { useAccount } from '../account/AccountContext';
import { SignInPanel } from '../account/SignInForms';
import { ROLE_EXPLANATIONS, ROLE_NAMES, ROLES } from './role-texts';
import { describeTeamError } from './team-errors';
import './team.css';

/** The secret from the link's fragment (`#<secret>`); null when the link is cut short. */
export function secretFromHash(hash: string): string | null {
  const parsed = staffInviteSecretSchema.safeParse(hash.replace(/^#/, '').trim());
  return parsed.success ? parsed.data : null;
}

/**
 * An invite to the festival's team opened (`/f/{festivalId}/staff/join#<secret>`): what it
 * gives, signing in with the invited email, accepting, then enrolling a second factor (staff
 * rights need one). The secret stays in the fragment: it never reaches a server's log.
 */
export default function AcceptStaffInvitePage() {
  const intl = useIntl();
  const { account } = useAccount();
  const festivalName = useFestival().programme?.festival.name ?? null;
  const [secret] = useState(() => secretFromHash(window.location.hash));
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const [accepted, setAccepted] = useState<FestivalRole | null>(null);

  if (!secret) {
    return (
      <div className="team-join">
        <h1>
          <FormattedMessage id="team.join.badLinkTitle" defaultMessage="This invite link is incomplete" />
        </h1>
        <p className="notice notice-error" role="alert">
          <FormattedMessage id="team.join.badLink" defaultMessage="The link should end in # and a long code. Copy the whole link from the message you got, or ask the festival admin to send it again." />
        </p>
      </div>
    );
  }
  if (account === undefined) return <Loading label={<FormattedMessage id="team.join.checking" defaultMessage="Checking your account…" />} />;

  const accept = async () => {
    setBusy(true);
    setFailure(null);
    try {
      const { acceptStaffInvite } = await import('./api/accept-staff-invite');
      setAccepted((await acceptStaffInvite(secret)).role);
    } catch (caught) {
      setFailure(caught);
    } finally {
      setBusy(false);
    }
  };

  const signedIn = account !== null && !account.anonymous;
  const festival = festivalName ?? intl.formatMessage({ id: 'team.join.thisFestival', defaultMessage: 'this festival' });

  if (accepted) {
    return (
      <div className="team-join">
        <h1>
          <FormattedMessage id="team.join.welcomeTitle" defaultMessage="Welcome to the team" />
        </h1>
        <p className="notice notice-info" role="status">
          <FormattedMessage
            id="team.join.welcome"
            defaultMessage="You are now {role} of {festival}: {explained}"
            values={{ role: intl.formatMessage(ROLE_NAMES[accepted]), festival, explained: intl.formatMessage(ROLE_EXPLANATIONS[accepted]) }}
          />
        </p>
        {account && account.enrolledFactors === 0 ? (
          <p className="notice notice-warn">
            <span>
              <FormattedMessage
                id="team.join.enrol"
                defaultMessage="One step left: staff tools need a second factor (a code by text message or from an app). Add one on the <link>Account page</link>, then sign out and sign in again with your code."
                values={{ link: (text) => <Link to="/account">{text}</Link> }}
              />
            </span>
          </p>
        ) : account && !account.secondFactor ? (
          <p className="notice notice-warn">
            <span>
              <FormattedMessage
                id="team.join.signInAgain"
                defaultMessage="Staff tools open after a sign-in with your second factor: sign out on the <link>Account page</link> and sign in again with your code."
                values={{ link: (text) => <Link to="/account">{text}</Link> }}
              />
            </span>
          </p>
        ) : (
          <p>
            <Link to="/staff" className="button">
              <FormattedMessage id="team.join.openConsole" defaultMessage="Open the staff console" />
            </Link>
          </p>
        )}
      </div>
    );
  }

  return (
    <div className="team-join">
      <header className="page-header">
        <h1>
          <FormattedMessage id="team.join.title" defaultMessage="You are invited to the team of {festival}" values={{ festival }} />
        </h1>
        <p>
          <FormattedMessage
            id="team.join.intro"
            defaultMessage="A festival admin invited you to work on {festival} in Encore, with one of these roles (for this festival only):"
            values={{ festival }}
          />
        </p>
        <ul>
          {ROLES.map((role) => (
            <li key={role}>
              <strong>{intl.formatMessage(ROLE_NAMES[role])}</strong>: {intl.formatMessage(ROLE_EXPLANATIONS[role])}
            </li>
          ))}
        </ul>
        <p className="muted">
          <FormattedMessage
            id="team.join.rules"
            defaultMessage="The invite works once, for 7 days, and only for the email address it was sent to. Staff tools also need a second factor, which you add after accepting."
          />
        </p>
      </header>
      {failure ? <ErrorNotice error={failure} describe={describeTeamError} /> : null}
      {signedIn ? (
        <section className="panel">
          <p>
            <FormattedMessage id="team.join.signedInAs" defaultMessage="You are signed in as {email}." values={{ email: <strong>{account.email ?? ''}</strong> }} />{' '}
            <FormattedMessage
              id="team.join.otherAccount"
              defaultMessage="Invited at another address? Sign out on the <link>Account page</link>, then open this link again."
              values={{ link: (text) => <Link to="/account">{text}</Link> }}
            />
          </p>
          <Button className="button" isDisabled={busy} onPress={() => void accept()}>
            {busy ? <FormattedMessage id="team.join.accepting" defaultMessage="Accepting…" /> : <FormattedMessage id="team.join.accept" defaultMessage="Accept the invite" />}
          </Button>
        </section>
      ) : (
        <section aria-labelledby="team-join-sign-in">
          <h2 id="team-join-sign-in">
            <FormattedMessage id="team.join.signInTitle" defaultMessage="First, sign in with the invited email address" />
          </h2>
          <p className="muted">
            <FormattedMessage
              id="team.join.signInHint"
              defaultMessage="No Encore account yet? Create one with that address. If you sign in with an email link, open this invite link again afterwards."
            />
          </p>
          <SignInPanel isGuest={Boolean(account?.anonymous)} firstTab="sign-in" />
        </section>
      )}
    </div>
  );
}
