import { firestorePaths, reactionSchema, type ReactionKind } from '@encore/model';
import { doc, serverTimestamp } from 'firebase/firestore';
import { commitToggle } from '../../firebase/toggle-limit';
import { useMemo, useState } from 'react';
import { ToggleButton } from 'react-aria-components';
import { FormattedMessage, defineMessages, useIntl, type MessageDescriptor } from 'react-intl';
import { appConfig } from '../../config/firebase-config';
import { db } from '../../firebase/firestore';
import { useLiveDocument } from '../../firebase/live';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { useAccount } from '../account/AccountContext';
import type { PhotoDoc } from './photo-types';

const names = defineMessages({
  love: { id: 'photos.reactionBar.love', defaultMessage: 'Love' },
  fire: { id: 'photos.reactionBar.fire', defaultMessage: 'Fire' },
  clap: { id: 'photos.reactionBar.clap', defaultMessage: 'Applause' },
  wow: { id: 'photos.reactionBar.wow', defaultMessage: 'Wow' },
});

const KINDS: Array<{ kind: ReactionKind; emoji: string; label: MessageDescriptor }> = [
  { kind: 'love', emoji: '❤️', label: names.love },
  { kind: 'fire', emoji: '🔥', label: names.fire },
  { kind: 'clap', emoji: '👏', label: names.clap },
  { kind: 'wow', emoji: '😮', label: names.wow },
];

/** One reaction per person per photo (the document id is the uid); the total counts live. */
export function ReactionBar({ photo }: { photo: PhotoDoc }) {
  const intl = useIntl();
  const { account, ensureSignedIn } = useAccount();
  const [error, setError] = useState<unknown>(null);
  const festivalId = appConfig.festivalId;
  const ref = useMemo(
    () => (account ? doc(db(), firestorePaths.reaction(festivalId, photo.id, account.uid)) : null),
    [account, festivalId, photo.id],
  );
  const mine = useLiveDocument(ref, reactionSchema);

  const react = async (kind: ReactionKind) => {
    setError(null);
    const uid = await ensureSignedIn();
    const target = doc(db(), firestorePaths.reaction(festivalId, photo.id, uid));
    const write = commitToggle(uid, (batch) => (mine.data?.kind === kind ? batch.delete(target) : batch.set(target, { kind, createdAt: serverTimestamp() })));
    write.catch(setError);
  };

  return (
    <div>
      <div className="reactions" role="group" aria-label={intl.formatMessage({ id: 'photos.reactionBar.label', defaultMessage: 'Reactions: {count} in total' }, { count: photo.reactionCount })}>
        {KINDS.map(({ kind, emoji, label }) => (
          <ToggleButton key={kind} className="reaction" isSelected={mine.data?.kind === kind} onChange={() => void react(kind)} aria-label={intl.formatMessage(label)}>
            <span aria-hidden="true">{emoji}</span> <span aria-hidden="true">{intl.formatMessage(label)}</span>
          </ToggleButton>
        ))}
        <span className="muted" aria-hidden="true">
          <FormattedMessage
            id="photos.reactionBar.count"
            defaultMessage="{count, plural, one {# reaction} other {# reactions}}"
            values={{ count: photo.reactionCount }}
          />
          {mine.hasPendingWrites ? (
            <>
              {' · '}
              <FormattedMessage id="photos.reactionBar.pending" defaultMessage="waiting to sync" />
            </>
          ) : null}
        </span>
      </div>
      {error ? <ErrorNotice error={error} /> : null}
    </div>
  );
}
