import { firestorePaths, reactionSchema, type ReactionKind } from '@encore/model';
import { doc, serverTimestamp } from 'firebase/firestore';
import { commitToggle } from '../../firebase/toggle-limit';
import { useMemo, useState } from 'react';
import { ToggleButton } from 'react-aria-components';
import { FormattedMessage, useIntl } from 'react-intl';
import { appConfig } from '../../config/firebase-config';
import { db } from '../../firebase/firestore';
import { useLiveDocument } from '../../firebase/live';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { useAccount } from '../account/AccountContext';
import type { WallPhoto } from './photo-types';
import { usePhotoReactions } from './PhotoReactionsContext';
import { totalOf } from './reaction-counts';
import { REACTION_KINDS_SHOWN } from './reaction-kinds';
import { useFestivalArchived } from '../editions/use-festival-archived';

/**
 * One reaction per person per photo (the document id is the uid). Each kind shows its count as
 * published (live/photos, at most ~30 s behind); the person's own change shows at once.
 */
export function ReactionBar({ photo }: { photo: WallPhoto }) {
  const intl = useIntl();
  const { account, ensureSignedIn } = useAccount();
  const [error, setError] = useState<unknown>(null);
  const festivalId = appConfig.festivalId;
  const ref = useMemo(
    () => (account ? doc(db(), firestorePaths.reaction(festivalId, photo.id, account.uid)) : null),
    [account, festivalId, photo.id],
  );
  const mine = useLiveDocument(ref, reactionSchema);
  const reactions = usePhotoReactions();
  const counts = reactions.countsOf(photo);
  // An archived edition's reactions are shown as they were, not changed (the rules refuse the write).
  const archived = useFestivalArchived();
  const total = totalOf(counts);

  const react = async (kind: ReactionKind) => {
    setError(null);
    const uid = await ensureSignedIn();
    const target = doc(db(), firestorePaths.reaction(festivalId, photo.id, uid));
    const was = mine.data?.kind;
    const next = was === kind ? undefined : kind;
    reactions.ownChange(photo, was, next);
    const write = commitToggle(uid, (batch) => (next ? batch.set(target, { kind, createdAt: serverTimestamp() }) : batch.delete(target)));
    write.catch((failure: unknown) => {
      reactions.ownChange(photo, next, was);
      setError(failure);
    });
  };

  return (
    <div>
      <div className="reactions" role="group" aria-label={intl.formatMessage({ id: 'photos.reactionBar.label', defaultMessage: 'Reactions: {count} in total' }, { count: total })}>
        {REACTION_KINDS_SHOWN.map(({ kind, emoji, label }) => (
          // Named by its visible text: the kind and its count ("Love 3").
          <ToggleButton key={kind} className="reaction" isSelected={mine.data?.kind === kind} isDisabled={archived} onChange={() => void react(kind)}>
            <span aria-hidden="true">{emoji}</span> {intl.formatMessage(label)} <span className="reaction-count">{counts[kind]}</span>
          </ToggleButton>
        ))}
        <span className="muted" aria-hidden="true">
          <FormattedMessage
            id="photos.reactionBar.count"
            defaultMessage="{count, plural, one {# reaction} other {# reactions}}"
            values={{ count: total }}
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
