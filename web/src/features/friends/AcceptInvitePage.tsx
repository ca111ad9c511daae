import type { DescribeFriendInviteAnswer } from '@encore/model';
import { useEffect, useState } from 'react';
import { Button, Form } from 'react-aria-components';
import { FormattedMessage } from 'react-intl';
import { Link, useLocation } from 'wouter';
import { useAccount } from '../account/AccountContext';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { DisplayNameField, rememberName, rememberedName } from './DisplayNameField';
import { describeFriendError, isSettledInviteRefusal } from './friend-errors';
import { inviteIdFromHash } from './invite-link';

/** What the page knows of the invite: asking, who invites, or why it cannot be accepted (or, offline, nothing yet). */
type InviteLookup = { kind: 'asking' } | { kind: 'found'; invite: DescribeFriendInviteAnswer } | { kind: 'refused'; error: unknown } | { kind: 'unknown' };

/**
 * An invite link opened: it says who invites (the name they chose for the invite), then one
 * chooses the name the new friend will see, and accepts. An invite that cannot be accepted
 * (used, expired, one's own, withdrawn) says so at once, with no form; when the lookup fails
 * otherwise (offline), the form stays: accepting tries again.
 */
export default function AcceptInvitePage() {
  const { account, ensureSignedIn } = useAccount();
  // Known once the Auth SDK has looked for a saved account: a returning friend is asked as themselves.
  const asker = account === undefined ? undefined : (account?.uid ?? null);
  const [, navigate] = useLocation();
  const [inviteId] = useState(() => inviteIdFromHash(window.location.hash));
  const [name, setName] = useState(rememberedName);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const [lookup, setLookup] = useState<InviteLookup>({ kind: inviteId ? 'asking' : 'unknown' });

  useEffect(() => {
    let current = true;
    void (async () => {
      try {
        // No account is made to read an invite: only accepting it needs one (issue 38).
        if (!inviteId || asker === undefined) return;
        const invite = await (await import('./friends-api')).describeInvite(inviteId);
        if (current) setLookup({ kind: 'found', invite });
      } catch (caught) {
        if (current) setLookup(isSettledInviteRefusal(caught) ? { kind: 'refused', error: caught } : { kind: 'unknown' });
      }
    })();
    return () => {
      current = false;
    };
  }, [inviteId, asker]);

  if (!inviteId) {
    return (
      <p className="notice notice-error" role="alert">
        <FormattedMessage id="friends.accept.badLink" defaultMessage="This is not a whole invite link. Ask your friend to send it again." />{' '}
        <Link to="/friends">
          <FormattedMessage id="friends.accept.toFriends" defaultMessage="Go to your friends" />
        </Link>
      </p>
    );
  }

  const accept = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await ensureSignedIn();
      rememberName(name);
      await (await import('./friends-api')).acceptInvite(inviteId, name);
      navigate('/friends', { replace: true });
    } catch (caught) {
      setFailure(caught);
      setBusy(false);
    }
  };

  const inviter = lookup.kind === 'found' ? lookup.invite.inviterName : null;
  const toFriends = (
    <Link to="/friends" className="button">
      <FormattedMessage id="friends.accept.toFriends" defaultMessage="Go to your friends" />
    </Link>
  );

  return (
    <>
      <header className="page-header">
        <h1>
          {inviter === null ? (
            <FormattedMessage id="friends.accept.title" defaultMessage="You are invited to be friends" />
          ) : lookup.kind === 'found' && lookup.invite.accepted ? (
            <FormattedMessage id="friends.accept.titleAccepted" defaultMessage="You and {name} are friends" values={{ name: inviter }} />
          ) : (
            <FormattedMessage id="friends.accept.titleFrom" defaultMessage="{name} invites you to be friends" values={{ name: inviter }} />
          )}
        </h1>
        {lookup.kind === 'asking' ? (
          <p className="muted" role="status">
            <FormattedMessage id="friends.accept.asking" defaultMessage="Looking up who invites you…" />
          </p>
        ) : null}
        {lookup.kind === 'refused' || (lookup.kind === 'found' && lookup.invite.accepted) ? null : (
          <p className="muted">
            <FormattedMessage
              id="friends.accept.intro"
              defaultMessage="Once you accept, you both see the sets the other plans, under the names you choose. Either of you can end it at any time."
            />
          </p>
        )}
      </header>
      {lookup.kind === 'refused' ? (
        <>
          <ErrorNotice error={lookup.error} describe={describeFriendError} />
          {toFriends}
        </>
      ) : lookup.kind === 'found' && lookup.invite.accepted ? (
        toFriends
      ) : (
        <>
          {failure ? <ErrorNotice error={failure} describe={describeFriendError} /> : null}
          <Form
            onSubmit={(event) => {
              event.preventDefault();
              void accept();
            }}
          >
            <DisplayNameField value={name} onChange={setName} />
            <Button type="submit" className="button" isDisabled={busy || name.trim() === ''}>
              <FormattedMessage id="friends.accept.accept" defaultMessage="Accept the invite" />
            </Button>
          </Form>
        </>
      )}
    </>
  );
}
