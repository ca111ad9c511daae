import { firestorePaths, reactionSchema, type ReactionKind } from '@encore/model';
import { deleteDoc, doc, serverTimestamp, setDoc } from 'firebase/firestore';
import { useMemo, useState } from 'react';
import { ToggleButton } from 'react-aria-components';
import { appConfig } from '../../config/firebase-config';
import { db } from '../../firebase/firestore';
import { useLiveDocument } from '../../firebase/live';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { useAccount } from '../account/AccountContext';
import type { PhotoDoc } from './photo-types';

const KINDS: Array<{ kind: ReactionKind; emoji: string; label: string }> = [
  { kind: 'love', emoji: '❤️', label: 'Love' },
  { kind: 'fire', emoji: '🔥', label: 'Fire' },
  { kind: 'clap', emoji: '👏', label: 'Applause' },
  { kind: 'wow', emoji: '😮', label: 'Wow' },
];

/** One reaction per person per photo (the document id is the uid); the total counts live. */
export function ReactionBar({ photo }: { photo: PhotoDoc }) {
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
    const write = mine.data?.kind === kind ? deleteDoc(target) : setDoc(target, { kind, createdAt: serverTimestamp() });
    write.catch(setError);
  };

  return (
    <div>
      <div className="reactions" role="group" aria-label={`Reactions: ${photo.reactionCount} in total`}>
        {KINDS.map(({ kind, emoji, label }) => (
          <ToggleButton key={kind} className="reaction" isSelected={mine.data?.kind === kind} onChange={() => void react(kind)} aria-label={label}>
            <span aria-hidden="true">{emoji}</span> <span aria-hidden="true">{label}</span>
          </ToggleButton>
        ))}
        <span className="muted" aria-hidden="true">
          {photo.reactionCount} {photo.reactionCount === 1 ? 'reaction' : 'reactions'}
          {mine.hasPendingWrites ? ' · waiting to sync' : ''}
        </span>
      </div>
      {error ? <ErrorNotice error={error} /> : null}
    </div>
  );
}
