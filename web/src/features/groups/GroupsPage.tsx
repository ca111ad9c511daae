import { MAX_GROUPS } from '@encore/model';
import { useState } from 'react';
import { Button, Form, Input, Label, TextField } from 'react-aria-components';
import { FormattedMessage } from 'react-intl';
import { Link } from 'wouter';
import { useFestival } from '../../festival/FestivalContext';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { FestivalGate } from '../../ui/FestivalGate';
import { useAccount } from '../account/AccountContext';
import { DisplayNameField, rememberName, rememberedName } from '../friends/DisplayNameField';
import { useFriendPlans } from '../friends/FriendPlansContext';
import { useVenueMap } from '../venue/use-venue-map';
import { describeGroupError } from './group-errors';
import { GroupCard } from './GroupCard';
import { GroupInvitations } from './GroupInvitations';
import { randomRequestId } from './meetup-logic';
import { useMyGroups } from './use-groups';

/**
 * `/groups`: friend groups (a few friends one picks), each with a meet-up point any member
 * sets and, for those who choose, a live position for 15, 30 or 60 minutes. Members know each
 * other by the names they chose; Encore shows no one's account.
 */
export default function GroupsPage() {
  const { account } = useAccount();
  const uid = account?.uid;
  const groups = useMyGroups(uid);
  const festival = useFestival();
  const map = useVenueMap();

  return (
    <>
      <header className="page-header">
        <h1>
          <FormattedMessage id="groups.page.title" defaultMessage="Groups and meet-ups" />
        </h1>
        <p className="muted">
          <FormattedMessage
            id="groups.page.intro"
            defaultMessage="Make a group of a few friends and agree where to meet. Members see each other's chosen names, the meet-up point and, only if someone shares it, their position for a while. Never your email or your other friends."
          />
        </p>
        <p>
          <Link to="/friends">
            <FormattedMessage id="groups.page.friendsLink" defaultMessage="Your friends" />
          </Link>
        </p>
      </header>
      {groups.status === 'error' ? <ErrorNotice error={groups.error} /> : null}
      <GroupInvitations uid={uid} />
      <FestivalGate state={festival}>
        {(programme) => (
          <>
            {groups.data.map((entry) => (
              <GroupCard key={entry.id} groupId={entry.id} memberId={entry.memberId} hiddenFrom={entry.hiddenFrom} programme={programme} venueMap={map.data ?? null} />
            ))}
            {/* With no account yet (a visitor who has only browsed) there is no group to wait for. */}
            {(groups.status === 'ready' || account === null) && groups.data.length === 0 ? (
              <p className="muted">
                <FormattedMessage id="groups.page.none" defaultMessage="You are in no group yet." />
              </p>
            ) : null}
            {groups.data.length < MAX_GROUPS ? (
              <CreateGroup festivalId={programme.festivalId} />
            ) : (
              <p className="muted">
                <FormattedMessage id="groups.create.full" defaultMessage="You are in {count} groups, the most Encore keeps. Leave one to make another." values={{ count: MAX_GROUPS }} />
              </p>
            )}
          </>
        )}
      </FestivalGate>
    </>
  );
}

function CreateGroup({ festivalId }: { festivalId: string }) {
  const { friends } = useFriendPlans();
  const [name, setName] = useState('');
  const [displayName, setDisplayName] = useState(rememberedName);
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  // One request id per group being made: a retry after a lost answer makes no second group.
  const [requestId, setRequestId] = useState(randomRequestId);

  const toggle = (friendshipId: string) =>
    setPicked((previous) => {
      const next = new Set(previous);
      if (next.has(friendshipId)) next.delete(friendshipId);
      else next.add(friendshipId);
      return next;
    });

  const create = async () => {
    setBusy(true);
    setFailure(null);
    try {
      rememberName(displayName);
      const api = await import('./groups-api');
      await api.createGroup({ requestId, name: name.trim(), festivalId, displayName: displayName.trim(), friendshipIds: [...picked] });
      setName('');
      setPicked(new Set());
      setRequestId(randomRequestId());
    } catch (caught) {
      setFailure(caught);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="panel" aria-labelledby="groups-create">
      <h2 id="groups-create">
        <FormattedMessage id="groups.create.title" defaultMessage="Make a group" />
      </h2>
      {failure ? <ErrorNotice error={failure} describe={describeGroupError} /> : null}
      {friends?.length === 0 ? (
        <p className="muted">
          <FormattedMessage id="groups.create.noFriends" defaultMessage="Invite a friend first: a group is made of your friends." />
        </p>
      ) : (
        <Form
          onSubmit={(event) => {
            event.preventDefault();
            void create();
          }}
        >
          <TextField className="field" value={name} onChange={setName} isRequired maxLength={40}>
            <Label>
              <FormattedMessage id="groups.create.name" defaultMessage="The group's name" />
            </Label>
            <Input />
          </TextField>
          <DisplayNameField value={displayName} onChange={setDisplayName} />
          <fieldset className="field">
            <legend>
              <FormattedMessage id="groups.create.pick" defaultMessage="Friends in the group" />
            </legend>
            {friends?.map((friend) => (
              <label key={friend.friendshipId} className="checkbox-row">
                <input type="checkbox" checked={picked.has(friend.friendshipId)} onChange={() => toggle(friend.friendshipId)} /> {friend.displayName}
              </label>
            ))}
          </fieldset>
          <Button type="submit" className="button" isDisabled={busy || name.trim() === '' || displayName.trim() === '' || picked.size === 0}>
            <FormattedMessage id="groups.create.submit" defaultMessage="Make the group" />
          </Button>
        </Form>
      )}
    </section>
  );
}
