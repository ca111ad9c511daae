import { useEffect, useState } from 'react';
import { Button, Form } from 'react-aria-components';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { useAccount } from '../account/AccountContext';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { Loading } from '../../ui/Loading';
import { DisplayNameField, rememberName, rememberedName } from './DisplayNameField';
import { inviteLink } from './invite-link';
import { useFriendPlans } from './FriendPlansContext';
import './friends.css';

/**
 * Friends: make an invite (a link and a QR code, single use, 7 days), see one's friends by the
 * names they chose, remove one. Guests (anonymous sign-in) have friends too; a visitor with no
 * account yet gets one on making the first invite, not on opening the page.
 */
export default function FriendsPage() {
  const intl = useIntl();
  const { ensureSignedIn } = useAccount();
  const { friends, error } = useFriendPlans();
  const [name, setName] = useState(rememberedName);
  const [invite, setInvite] = useState<{ link: string; qr: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);

  const makeInvite = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await ensureSignedIn();
      const [api, qrcode] = await Promise.all([import('./friends-api'), import('qrcode')]);
      rememberName(name);
      const link = inviteLink(window.location.origin, await api.createInvite(name));
      setInvite({ link, qr: await qrcode.toDataURL(link, { margin: 1, width: 240 }) });
    } catch (caught) {
      setFailure(caught);
    } finally {
      setBusy(false);
    }
  };

  // A switch flipped shows its new state at once, until the friend document says the same.
  const [hiding, setHiding] = useState<Readonly<Record<string, boolean>>>({});
  useEffect(() => {
    const settled = (friends ?? []).filter((friend) => friend.friendshipId in hiding && Boolean(friend.hidingMyPlan) === hiding[friend.friendshipId]);
    if (settled.length === 0) return;
    setHiding((current) => Object.fromEntries(Object.entries(current).filter(([id]) => !settled.some((friend) => friend.friendshipId === id))));
  }, [friends, hiding]);
  const setPlanHidden = async (friendshipId: string, hidden: boolean) => {
    setFailure(null);
    setHiding((current) => ({ ...current, [friendshipId]: hidden }));
    try {
      await (await import('./friends-api')).setPlanHiddenFrom(friendshipId, hidden);
    } catch (caught) {
      setHiding((current) => Object.fromEntries(Object.entries(current).filter(([id]) => id !== friendshipId)));
      setFailure(caught);
    }
  };

  const remove = async (friendshipId: string) => {
    setFailure(null);
    try {
      await (await import('./friends-api')).removeFriend(friendshipId);
    } catch (caught) {
      setFailure(caught);
    }
  };

  return (
    <>
      <header className="page-header">
        <h1>
          <FormattedMessage id="friends.page.title" defaultMessage="Friends" />
        </h1>
        <p className="muted">
          <FormattedMessage
            id="friends.page.intro"
            defaultMessage="Friends see the sets you plan and the name you choose here: never your email or your other friends. Only people you invite can become your friends."
          />
        </p>
        <p>
          <Link to="/my/friends">
            <FormattedMessage id="friends.page.toSchedule" defaultMessage="My schedule with friends, hour by hour" />
          </Link>
        </p>
      </header>
      {failure ? <ErrorNotice error={failure} /> : null}
      <section aria-labelledby="friends-invite">
        <h2 id="friends-invite">
          <FormattedMessage id="friends.invite.title" defaultMessage="Invite a friend" />
        </h2>
        <Form
          onSubmit={(event) => {
            event.preventDefault();
            void makeInvite();
          }}
        >
          <DisplayNameField value={name} onChange={setName} />
          <Button type="submit" className="button" isDisabled={busy || name.trim() === ''}>
            <FormattedMessage id="friends.invite.make" defaultMessage="Make an invite" />
          </Button>
        </Form>
        {invite ? (
          <div className="card" style={{ marginTop: 'var(--space-3)' }}>
            <p>
              <FormattedMessage id="friends.invite.share" defaultMessage="Send this link, or let your friend scan the code. It works once, for 7 days." />
            </p>
            <p>
              <a href={invite.link} data-testid="invite-link" style={{ wordBreak: 'break-all' }}>
                {invite.link}
              </a>
            </p>
            <img src={invite.qr} width={240} height={240} alt={intl.formatMessage({ id: 'friends.invite.qrAlt', defaultMessage: 'QR code of the invite link' })} />
          </div>
        ) : null}
      </section>
      <section aria-labelledby="friends-list">
        <h2 id="friends-list">
          <FormattedMessage id="friends.list.title" defaultMessage="Your friends" />
        </h2>
        {error ? <ErrorNotice error={error} /> : null}
        {friends === undefined && !error ? <Loading label={<FormattedMessage id="friends.list.loading" defaultMessage="Loading your friends…" />} /> : null}
        {friends?.length === 0 ? (
          <p className="muted">
            <FormattedMessage id="friends.list.none" defaultMessage="No friends yet: make an invite and send it." />
          </p>
        ) : null}
        <ul className="friend-list" data-testid="friend-list">
          {friends?.map((friend) => (
            <li key={friend.friendshipId} className="friend-row">
              <span className="friend-name">{friend.displayName}</span>
              {friend.planHiddenFromMe ? (
                <span className="muted friend-note">
                  <FormattedMessage id="friends.list.notSharing" defaultMessage="does not share their plan with you" />
                </span>
              ) : null}
              <label className="switch">
                <input
                  type="checkbox"
                  role="switch"
                  checked={!(hiding[friend.friendshipId] ?? friend.hidingMyPlan ?? false)}
                  onChange={(event) => void setPlanHidden(friend.friendshipId, !event.target.checked)}
                  aria-label={intl.formatMessage({ id: 'friends.list.shareWithNamed', defaultMessage: 'Share my plan with {name}' }, { name: friend.displayName })}
                />
                <span className="switch-indicator" aria-hidden="true" />
                <FormattedMessage id="friends.list.shareWith" defaultMessage="Share my plan" />
              </label>
              <button
                type="button"
                className="button button-secondary button-small"
                onClick={() => void remove(friend.friendshipId)}
                aria-label={intl.formatMessage({ id: 'friends.list.removeNamed', defaultMessage: 'Remove {name} as a friend' }, { name: friend.displayName })}
              >
                <FormattedMessage id="friends.list.remove" defaultMessage="Remove" />
              </button>
            </li>
          ))}
        </ul>
        {friends && friends.length > 0 ? (
          <p className="field-hint">
            <FormattedMessage
              id="friends.list.removeHint"
              defaultMessage="Removing a friend ends what you share both ways: your plans, and in groups you are both in, your positions. You both stay in those groups, where your names and the meet-up point stay shared."
            />
          </p>
        ) : null}
      </section>
    </>
  );
}
