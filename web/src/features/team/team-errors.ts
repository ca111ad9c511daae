import type { StaffTeamRefusalReason } from '@encore/model';
import { describeRefusal, type ErrorDescription } from '../../errors/describe-error';

const askAgain = { id: 'team.error.askAgain', defaultMessage: 'Ask the festival admin who invited you for a new link.' };

/**
 * The team callables' refusals in the reader's language: the functions send why as
 * `details.reason` (StaffTeamRefusalReason); anything else is the app-wide description.
 */
const REASONS: Record<StaffTeamRefusalReason, ErrorDescription> = {
  'invite-unknown': {
    message: { id: 'team.error.unknown', defaultMessage: 'This invite link is not known: it may be incomplete, or for another festival.' },
    action: askAgain,
    retryable: false,
  },
  'invite-expired': {
    message: { id: 'team.error.expired', defaultMessage: 'This invite has expired: invites last 7 days.' },
    action: askAgain,
    retryable: false,
  },
  'invite-revoked': {
    message: { id: 'team.error.revoked', defaultMessage: 'This invite was withdrawn by the festival.' },
    action: askAgain,
    retryable: false,
  },
  'invite-used': {
    message: { id: 'team.error.used', defaultMessage: 'This invite was already used: each works once.' },
    action: askAgain,
    retryable: false,
  },
  'invite-wrong-email': {
    message: { id: 'team.error.wrongEmail', defaultMessage: 'This invite is for another email address than the one you are signed in with.' },
    action: { id: 'team.error.wrongEmailAction', defaultMessage: 'Sign out on the Account page and sign in with the address the invite was sent to.' },
    retryable: false,
  },
  'email-unverified': {
    message: { id: 'team.error.unverified', defaultMessage: 'Your email address is not verified yet.' },
    action: { id: 'team.error.unverifiedAction', defaultMessage: 'Verify it on the Account page (we email you a link), then accept again.' },
    retryable: true,
  },
  'account-needed': {
    message: { id: 'team.error.accountNeeded', defaultMessage: 'You are using Encore as a guest.' },
    action: { id: 'team.error.accountNeededAction', defaultMessage: 'Sign in with the email address the invite was sent to.' },
    retryable: false,
  },
  'last-admin': {
    message: { id: 'team.error.lastAdmin', defaultMessage: 'A festival needs at least one admin.' },
    action: { id: 'team.error.lastAdminAction', defaultMessage: 'Make someone else admin first.' },
    retryable: false,
  },
  'not-staff-member': {
    message: { id: 'team.error.notMember', defaultMessage: 'This person is no longer on the team.' },
    action: { id: 'team.error.notMemberAction', defaultMessage: 'The list shows the team as it is now.' },
    retryable: false,
  },
};

export function describeTeamError(error: unknown): ErrorDescription {
  return describeRefusal(REASONS, error);
}
