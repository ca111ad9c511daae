import { FormattedMessage } from 'react-intl';

/** On a set card or timeline block: "Anna and 2 friends" (or "Anna"), from the plans already listened to. */
export function FriendsOnCard({ names }: { names: readonly string[] }) {
  if (names.length === 0) return null;
  return (
    <p className="set-friends" data-testid="friends-on-card">
      <FormattedMessage
        id="friends.onCard.planning"
        defaultMessage="{others, plural, =0 {{first}} one {{first} and # friend} other {{first} and # friends}}"
        values={{ first: names[0], others: names.length - 1 }}
      />
    </p>
  );
}
