import { firestorePaths, reactionSchema, type ReactionKind } from '@encore/model';
import { doc, serverTimestamp } from 'firebase/firestore';
import { commitToggle } from '../../firebase/toggle-limit';
import { useEffect, useMemo, useRef, useState } from 'react';
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

  // A first reaction by a visitor with no account yet asks for one (issue 38): meanwhile (a
  // round trip, or offline until the connection returns) the choice shows here, and the
  // latest choice is written once, under the new uid, which has no reaction yet.
  const [firstChoice, setFirstChoice] = useState<{ kind: ReactionKind | null; written: boolean } | null>(null);
  const latestChoice = useRef<ReactionKind | null>(null);
  /** The sign-in asked for by a first reaction is under way (a ref: two quick taps ask once). */
  const asking = useRef(false);
  useEffect(() => {
    // Until the listener shows what was written (or the write was let go).
    if (firstChoice?.written && mine.status !== 'loading') setFirstChoice(null);
  }, [firstChoice, mine.status]);

  const reactBeforeAccount = async (kind: ReactionKind) => {
    latestChoice.current = latestChoice.current === kind ? null : kind;
    setFirstChoice({ kind: latestChoice.current, written: false });
    if (asking.current) return;
    asking.current = true;
    const uid = await ensureSignedIn();
    asking.current = false;
    const chosen = latestChoice.current;
    latestChoice.current = null;
    setFirstChoice({ kind: chosen, written: true });
    if (!chosen) return;
    reactions.ownChange(photo, undefined, chosen);
    const target = doc(db(), firestorePaths.reaction(festivalId, photo.id, uid));
    commitToggle(uid, (batch) => batch.set(target, { kind: chosen, createdAt: serverTimestamp() })).catch((failure: unknown) => {
      reactions.ownChange(photo, chosen, undefined);
      setError(failure);
    });
  };

  const react = async (kind: ReactionKind) => {
    setError(null);
    // null: the Auth SDK has answered that there is no account (not one still loading, which may hold a reaction).
    if (account === null || asking.current) return reactBeforeAccount(kind);
    const uid = await ensureSignedIn();
    const target = doc(db(), firestorePaths.reaction(festivalId, photo.id, uid));
    // Just after a first reaction's write, before the listener shows it: that one is what there is.
    const was = firstChoice?.written ? (firstChoice.kind ?? undefined) : mine.data?.kind;
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
          <ToggleButton key={kind} className="reaction" isSelected={(firstChoice ? firstChoice.kind : mine.data?.kind) === kind} isDisabled={archived} onChange={() => void react(kind)}>
            <span aria-hidden="true">{emoji}</span> {intl.formatMessage(label)} <span className="reaction-count">{counts[kind]}</span>
          </ToggleButton>
        ))}
        <span className="muted" aria-hidden="true">
          <FormattedMessage
            id="photos.reactionBar.count"
            defaultMessage="{count, plural, one {# reaction} other {# reactions}}"
            values={{ count: total }}
          />
          {mine.hasPendingWrites || (firstChoice && !firstChoice.written) ? (
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
