import { describeRefusal, type ErrorDescription } from '../../errors/describe-error';

/**
 * The refusals of acceptFriendInvite, in the reader's language: the function sends why as
 * `details.reason`; everything else is the app-wide description.
 */
const REASONS: Record<string, ErrorDescription> = {
  'unknown-invite': {
    message: { id: 'friends.error.unknownInvite', defaultMessage: 'This invite does not exist, or your friend withdrew it.' },
    action: { id: 'friends.error.askAgain', defaultMessage: 'Ask your friend for a new invite.' },
    retryable: false,
  },
  used: {
    message: { id: 'friends.error.used', defaultMessage: 'This invite was already used: each works once.' },
    action: { id: 'friends.error.askAgain', defaultMessage: 'Ask your friend for a new invite.' },
    retryable: false,
  },
  expired: {
    message: { id: 'friends.error.expired', defaultMessage: 'This invite has expired: invites last 7 days.' },
    action: { id: 'friends.error.askAgain', defaultMessage: 'Ask your friend for a new invite.' },
    retryable: false,
  },
  'own-invite': {
    message: { id: 'friends.error.ownInvite', defaultMessage: 'This is your own invite.' },
    action: { id: 'friends.error.sendIt', defaultMessage: 'Send it to a friend instead.' },
    retryable: false,
  },
  'too-many-friends': {
    message: { id: 'friends.error.tooMany', defaultMessage: 'You have 50 friends, the most Encore keeps.' },
    action: { id: 'friends.error.removeOne', defaultMessage: 'Remove a friend first.' },
    retryable: false,
  },
  'friend-has-too-many': {
    message: { id: 'friends.error.friendHasTooMany', defaultMessage: 'Your friend already has 50 friends, the most Encore keeps.' },
    action: { id: 'friends.error.friendRemoves', defaultMessage: 'They can remove one and send a new invite.' },
    retryable: false,
  },
};

export function describeFriendError(error: unknown): ErrorDescription {
  return describeRefusal(REASONS, error);
}

/** Whether an invite can never be accepted (unknown, used, expired, one's own), as the function said: its page then offers no form. */
export function isSettledInviteRefusal(error: unknown): boolean {
  const reason = (error as { details?: { reason?: unknown } } | null)?.details?.reason;
  return reason === 'unknown-invite' || reason === 'used' || reason === 'expired' || reason === 'own-invite';
}
