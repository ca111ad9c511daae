import { describeRefusal, type ErrorDescription } from '../../errors/describe-error';

/**
 * The refusals of the group callables, in the reader's language: the functions send why as
 * `details.reason`; everything else is the app-wide description.
 */
const REASONS: Record<string, ErrorDescription> = {
  'not-a-friend': {
    message: { id: 'groups.error.notAFriend', defaultMessage: 'One of the friends you picked is no longer your friend.' },
    action: { id: 'groups.error.pickAgain', defaultMessage: 'Pick your friends again.' },
    retryable: false,
  },
  'no-group': {
    message: { id: 'groups.error.noGroup', defaultMessage: 'This group is gone, or you are no longer in it.' },
    action: { id: 'groups.error.reload', defaultMessage: 'Reload the page to see your groups.' },
    retryable: false,
  },
  'too-many-groups': {
    message: { id: 'groups.error.tooMany', defaultMessage: 'You are in 5 groups, the most Encore keeps.' },
    action: { id: 'groups.error.leaveOne', defaultMessage: 'Leave a group first.' },
    retryable: false,
  },
  'friend-has-too-many-groups': {
    message: { id: 'groups.error.friendHasTooMany', defaultMessage: 'One of your friends is already in 5 groups, the most Encore keeps.' },
    action: { id: 'groups.error.withoutThem', defaultMessage: 'Make the group without them, or ask them to leave a group.' },
    retryable: false,
  },
  'group-full': {
    message: { id: 'groups.error.full', defaultMessage: 'This group has 12 members, the most a group has.' },
    action: { id: 'groups.error.newGroup', defaultMessage: 'Make another group instead.' },
    retryable: false,
  },
};

export function describeGroupError(error: unknown): ErrorDescription {
  return describeRefusal(REASONS, error);
}
