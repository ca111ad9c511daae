import { staffJoinPath, type FestivalRole, type FestivalStaff, type InviteStaffAnswer, type StaffInvite } from '@encore/model';
import { useState } from 'react';
import { Button, Form, Input, Label, Radio, RadioGroup, TextField } from 'react-aria-components';
import { FormattedMessage, useIntl } from 'react-intl';
import { appConfig } from '../../config/firebase-config';
import type { WithId } from '../../firebase/to-model';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { Loading } from '../../ui/Loading';
import { SelectField } from '../../ui/SelectField';
import { Skeleton } from '../../ui/Skeleton';
import { useAccount } from '../account/AccountContext';
import { useFestivalRole } from '../account/use-festival-role';
import { festivalAccessOf } from '../account/staff-access';
import { useStaffInvites } from './api/use-staff-invites';
import { useTeam } from './api/use-team';
import { ROLE_EXPLANATIONS, ROLE_NAMES, ROLES } from './role-texts';
import { describeTeamError } from './team-errors';
import './team.css';

const when = { dateStyle: 'medium', timeStyle: 'short' } as const;

/**
 * The festival's team, for its admins (and the project's): who has which role (change it,
 * remove it), the invites still open (withdraw one), and inviting a colleague by email with a
 * role. Encore sends no email: the admin copies or shares the single-use link.
 */
export default function TeamPage() {
  const { account } = useAccount();
  const own = useFestivalRole(appConfig.festivalId, account);
  if (account === undefined || own.status === 'loading') {
    return <Loading label={<FormattedMessage id="team.page.checking" defaultMessage="Checking your role…" />} />;
  }
  const access = festivalAccessOf(account, own.role, 'manage');
  return (
    <div className="team-page">
      <header className="page-header">
        <h1>
          <FormattedMessage id="team.page.title" defaultMessage="Team" />
        </h1>
        <p className="muted">
          <FormattedMessage
            id="team.page.intro"
            defaultMessage="Who works on this festival in Encore, and with which role. Each role counts for this festival only, and works after a sign-in with a second factor."
          />
        </p>
      </header>
      {access !== 'granted' ? (
        <p className="notice notice-info">
          <FormattedMessage id="team.page.adminsOnly" defaultMessage="Only the festival's admins manage its team. Ask one of them to change your role or invite a colleague." />
        </p>
      ) : (
        <>
          <InviteColleague />
          <PendingInvites />
          <TeamList selfUid={account!.uid} />
        </>
      )}
    </div>
  );
}

function InviteColleague() {
  const intl = useIntl();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<FestivalRole>('programme');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [made, setMade] = useState<(InviteStaffAnswer & { email: string; role: FestivalRole }) | null>(null);

  const invite = async () => {
    setBusy(true);
    setError(null);
    try {
      const { inviteStaff } = await import('./api/invite-staff');
      const answer = await inviteStaff(email, role);
      setMade({ ...answer, email: email.trim().toLowerCase(), role });
      setEmail('');
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="panel" aria-labelledby="team-invite-title">
      <h2 id="team-invite-title">
        <FormattedMessage id="team.invite.title" defaultMessage="Invite a colleague" />
      </h2>
      <p className="muted">
        <FormattedMessage
          id="team.invite.howItWorks"
          defaultMessage="Encore sends no email: you get a link to copy or share with your colleague yourself. It works once, only for the email address you enter, for 7 days."
        />
      </p>
      {error ? <ErrorNotice error={error} describe={describeTeamError} /> : null}
      <Form
        className="team-invite-form"
        onSubmit={(event) => {
          event.preventDefault();
          void invite();
        }}
      >
        <TextField className="field" type="email" value={email} onChange={setEmail} isRequired autoComplete="off">
          <Label>
            <FormattedMessage id="team.invite.email" defaultMessage="Their email address" />
          </Label>
          <Input />
        </TextField>
        <RadioGroup className="field team-roles" value={role} onChange={(value) => setRole(value as FestivalRole)}>
          <Label>
            <FormattedMessage id="team.invite.role" defaultMessage="Role" />
          </Label>
          {ROLES.map((option) => (
            <Radio key={option} value={option} className="radio team-role">
              <span>
                <strong>{intl.formatMessage(ROLE_NAMES[option])}</strong>
                <span className="muted team-role-explained">{intl.formatMessage(ROLE_EXPLANATIONS[option])}</span>
              </span>
            </Radio>
          ))}
        </RadioGroup>
        <Button type="submit" className="button" isDisabled={busy || email.trim() === ''}>
          {busy ? <FormattedMessage id="team.invite.making" defaultMessage="Making the link…" /> : <FormattedMessage id="team.invite.submit" defaultMessage="Make an invite link" />}
        </Button>
      </Form>
      {made ? <InviteLink invite={made} /> : null}
    </section>
  );
}

/** The link just made, once: copy it, share it (where the browser can), and when it lapses. */
function InviteLink({ invite }: { invite: InviteStaffAnswer & { email: string; role: FestivalRole } }) {
  const intl = useIntl();
  const [copied, setCopied] = useState<'copied' | 'failed' | null>(null);
  const link = `${window.location.origin}${staffJoinPath(appConfig.festivalId, invite.secret)}`;
  const expires = intl.formatDate(new Date(invite.expiresAt), when);
  const canShare = typeof navigator.share === 'function';
  const shareText = intl.formatMessage(
    { id: 'team.link.shareText', defaultMessage: 'You are invited to the festival team in Encore, as {role}. Sign in with {email} to accept (the link works until {expires}):' },
    { role: intl.formatMessage(ROLE_NAMES[invite.role]), email: invite.email, expires },
  );
  return (
    <div className="notice notice-info team-link" role="status">
      <p>
        <FormattedMessage
          id="team.link.ready"
          defaultMessage="The invite for {email} as {role} is ready. Send this link to them yourself; it works once, until {expires}."
          values={{ email: <strong>{invite.email}</strong>, role: intl.formatMessage(ROLE_NAMES[invite.role]), expires }}
        />
      </p>
      <input className="feed-url" readOnly value={link} aria-label={intl.formatMessage({ id: 'team.link.label', defaultMessage: 'Invite link' })} onFocus={(event) => event.currentTarget.select()} />
      <div className="button-row">
        <Button
          className="button button-small"
          onPress={() =>
            void navigator.clipboard.writeText(link).then(
              () => setCopied('copied'),
              () => setCopied('failed'),
            )
          }
        >
          <FormattedMessage id="team.link.copy" defaultMessage="Copy link" />
        </Button>
        {canShare ? (
          <Button
            className="button button-secondary button-small"
            onPress={() => void navigator.share({ title: intl.formatMessage({ id: 'team.link.shareTitle', defaultMessage: 'Encore team invite' }), text: shareText, url: link }).catch(() => {})}
          >
            <FormattedMessage id="team.link.share" defaultMessage="Share…" />
          </Button>
        ) : null}
      </div>
      <p aria-live="polite">
        {copied === 'copied' ? <FormattedMessage id="team.link.copied" defaultMessage="Copied." /> : null}
        {copied === 'failed' ? <FormattedMessage id="team.link.copyFailed" defaultMessage="Could not copy: select the link and copy it by hand." /> : null}
      </p>
      <p className="muted">
        <FormattedMessage id="team.link.once" defaultMessage="The link is shown only now: Encore keeps no copy of it. If it gets lost, withdraw the invite and make a new one." />
      </p>
    </div>
  );
}

function PendingInvites() {
  const intl = useIntl();
  const invites = useStaffInvites();
  const [error, setError] = useState<unknown>(null);
  const [revoking, setRevoking] = useState<string | null>(null);
  const now = Date.now();
  const pending = [...invites.data].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());

  const revoke = async (invite: WithId<StaffInvite>) => {
    setRevoking(invite.id);
    setError(null);
    try {
      const { revokeStaffInvite } = await import('./api/revoke-staff-invite');
      await revokeStaffInvite(invite.id);
    } catch (caught) {
      setError(caught);
    } finally {
      setRevoking(null);
    }
  };

  return (
    <section className="panel" aria-labelledby="team-invites-title">
      <h2 id="team-invites-title">
        <FormattedMessage id="team.invites.title" defaultMessage="Open invites" />
      </h2>
      {error ? <ErrorNotice error={error} describe={describeTeamError} /> : null}
      {invites.status === 'error' ? (
        <ErrorNotice error={invites.error} />
      ) : invites.status === 'loading' ? (
        <Skeleton shape="lines" count={2} label={intl.formatMessage({ id: 'team.invites.loading', defaultMessage: 'Loading the invites…' })} />
      ) : pending.length === 0 ? (
        <p className="muted">
          <FormattedMessage id="team.invites.none" defaultMessage="No open invites." />
        </p>
      ) : (
        <ul className="team-list">
          {pending.map((invite) => {
            const expired = invite.expiresAt.getTime() <= now;
            return (
              <li key={invite.id} className="team-item team-item-invite">
                <div className="team-item-who">
                  <strong>{invite.email}</strong>
                  <span className="muted">
                    {intl.formatMessage(ROLE_NAMES[invite.role])} ·{' '}
                    {expired ? (
                      <FormattedMessage id="team.invites.expired" defaultMessage="expired {date}" values={{ date: intl.formatDate(invite.expiresAt, when) }} />
                    ) : (
                      <FormattedMessage id="team.invites.until" defaultMessage="open until {date}" values={{ date: intl.formatDate(invite.expiresAt, when) }} />
                    )}
                  </span>
                </div>
                <Button
                  className="button button-secondary button-small"
                  isDisabled={revoking !== null}
                  aria-label={intl.formatMessage({ id: 'team.invites.revokeFor', defaultMessage: 'Withdraw the invite for {email}' }, { email: invite.email })}
                  onPress={() => void revoke(invite)}
                >
                  <FormattedMessage id="team.invites.revoke" defaultMessage="Withdraw" />
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

function TeamList({ selfUid }: { selfUid: string }) {
  const intl = useIntl();
  const team = useTeam();
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const members = [...team.data].sort((a, b) => ROLES.indexOf(a.role) - ROLES.indexOf(b.role) || nameOf(a).localeCompare(nameOf(b)));

  const run = async (uid: string, work: () => Promise<unknown>) => {
    setBusy(uid);
    setError(null);
    try {
      await work();
      setConfirming(null);
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(null);
    }
  };
  const changeRole = (uid: string, role: FestivalRole) => run(uid, async () => (await import('./api/set-staff-role')).setStaffRole(uid, role));
  const remove = (uid: string) => run(uid, async () => (await import('./api/remove-staff-member')).removeStaffMember(uid));

  return (
    <section className="panel" aria-labelledby="team-list-title">
      <h2 id="team-list-title">
        <FormattedMessage id="team.list.title" defaultMessage="The team" />
      </h2>
      {error ? <ErrorNotice error={error} describe={describeTeamError} /> : null}
      {team.status === 'error' ? (
        <ErrorNotice error={team.error} />
      ) : team.status === 'loading' ? (
        <Skeleton shape="lines" count={3} label={intl.formatMessage({ id: 'team.list.loading', defaultMessage: 'Loading the team…' })} />
      ) : (
        <ul className="team-list">
          {members.map((member) => (
            <li key={member.id} className="team-item">
              <div className="team-item-who">
                <strong>{nameOf(member)}</strong>
                {member.id === selfUid ? (
                  <span className="muted">
                    <FormattedMessage id="team.list.you" defaultMessage="(you)" />
                  </span>
                ) : null}
                {member.name && member.email ? <span className="muted">{member.email}</span> : null}
              </div>
              <SelectField
                className="field field-select team-role-select"
                label={intl.formatMessage({ id: 'team.list.roleOf', defaultMessage: 'Role of {name}' }, { name: nameOf(member) })}
                options={ROLES.map((role) => ({ id: role, name: intl.formatMessage(ROLE_NAMES[role]) }))}
                selectedKey={member.role}
                onChange={(role) => role !== member.role && void changeRole(member.id, role as FestivalRole)}
              />
              {confirming === member.id ? (
                <div className="button-row">
                  <Button className="button button-danger button-small" isDisabled={busy !== null} onPress={() => void remove(member.id)}>
                    <FormattedMessage id="team.list.confirmRemove" defaultMessage="Remove {name} from the team" values={{ name: nameOf(member) }} />
                  </Button>
                  <Button className="button button-secondary button-small" onPress={() => setConfirming(null)}>
                    <FormattedMessage id="team.list.cancel" defaultMessage="Cancel" />
                  </Button>
                </div>
              ) : (
                <Button
                  className="button button-secondary button-small"
                  isDisabled={busy !== null}
                  aria-label={intl.formatMessage({ id: 'team.list.removeNamed', defaultMessage: 'Remove {name}…' }, { name: nameOf(member) })}
                  onPress={() => setConfirming(member.id)}
                >
                  <FormattedMessage id="team.list.remove" defaultMessage="Remove…" />
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** How the console shows a member: their name, else their email, else their uid (granted by the command line). */
function nameOf(member: WithId<FestivalStaff>): string {
  return member.name ?? member.email ?? member.id;
}
