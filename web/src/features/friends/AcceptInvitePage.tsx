import { useEffect, useState } from 'react';
import { Button, Form } from 'react-aria-components';
import { FormattedMessage } from 'react-intl';
import { Link, useLocation } from 'wouter';
import { useAccount } from '../account/AccountContext';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { DisplayNameField, rememberName, rememberedName } from './DisplayNameField';
import { describeFriendError } from './friend-errors';
import { inviteIdFromHash } from './invite-link';

/** An invite link opened: choose the name your new friend will see, and accept. */
export default function AcceptInvitePage() {
  const { ensureSignedIn } = useAccount();
  const [, navigate] = useLocation();
  const [inviteId] = useState(() => inviteIdFromHash(window.location.hash));
  const [name, setName] = useState(rememberedName);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);

  useEffect(() => {
    void ensureSignedIn();
  }, [ensureSignedIn]);

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

  return (
    <>
      <header className="page-header">
        <h1>
          <FormattedMessage id="friends.accept.title" defaultMessage="You are invited to be friends" />
        </h1>
        <p className="muted">
          <FormattedMessage
            id="friends.accept.intro"
            defaultMessage="Once you accept, you both see the sets the other plans, under the names you choose. Either of you can end it at any time."
          />
        </p>
      </header>
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
  );
}
