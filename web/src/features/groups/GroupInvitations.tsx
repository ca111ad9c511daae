import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { describeGroupError } from './group-errors';
import { useGroupInvites } from './use-groups';

/**
 * Invitations back into groups this person left: nobody puts a leaver back, they choose
 * (issue 39). Accepting joins the group again; declining removes the invitation.
 */
export function GroupInvitations({ uid }: { uid: string | undefined }) {
  const intl = useIntl();
  const invites = useGroupInvites(uid);
  const [busy, setBusy] = useState<string | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  if (invites.data.length === 0) return invites.status === 'error' ? <ErrorNotice error={invites.error} /> : null;
  const answer = async (groupId: string, accept: boolean) => {
    setBusy(groupId);
    setFailure(null);
    try {
      await (await import('./groups-api')).answerInvite(groupId, accept);
    } catch (caught) {
      setFailure(caught);
    } finally {
      setBusy(null);
    }
  };
  return (
    <section className="panel" aria-labelledby="group-invitations" data-testid="group-invitations">
      <h2 id="group-invitations">
        <FormattedMessage id="groups.invites.title" defaultMessage="Invitations back into a group" />
      </h2>
      {failure ? <ErrorNotice error={failure} describe={describeGroupError} /> : null}
      <ul>
        {invites.data.map((invite) => (
          <li key={invite.id}>
            <p>
              <FormattedMessage
                id="groups.invites.text"
                defaultMessage="{name} invites you back into {group}, which you left. You join again only if you accept."
                values={{ name: invite.invitedBy, group: invite.groupName }}
              />
            </p>
            <div className="button-row">
              <button type="button" className="button button-small" disabled={busy === invite.id} onClick={() => void answer(invite.id, true)}>
                {intl.formatMessage({ id: 'groups.invites.accept', defaultMessage: 'Join {group} again' }, { group: invite.groupName })}
              </button>
              <button type="button" className="button button-secondary button-small" disabled={busy === invite.id} onClick={() => void answer(invite.id, false)}>
                {intl.formatMessage({ id: 'groups.invites.decline', defaultMessage: 'Decline' })}
              </button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
