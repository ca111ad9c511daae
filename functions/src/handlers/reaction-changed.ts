import { festivalSchema, firestorePaths, photoSchema, type DomainEvent } from '@encore/model';
import { shardIndex } from '../domain/counters.js';
import type { Deps } from './deps.js';
import { onceInTransaction } from './once.js';
import { addToStats, refreshStats } from './stats.js';

export const COUNT_REACTION = 'countReaction';

/**
 * A reaction added or removed. A photo's reactions are few compared with a set's
 * favourites, so `reactionCount` is recounted from the reactions themselves inside the
 * transaction: exact whatever the order or number of deliveries. The festival total
 * moves by ±1 once per event.
 */
export async function handleReactionChanged(deps: Pick<Deps, 'docs' | 'now' | 'random'>, event: DomainEvent<'reaction.changed'>): Promise<void> {
  const { festivalId, photoId, change } = event.data;
  const photoPath = firestorePaths.photo(festivalId, photoId);
  const now = deps.now();
  await onceInTransaction(deps.docs, COUNT_REACTION, event.id, now, async (tx) => {
    const [photo, festival] = await tx.getAll([
      [photoPath, photoSchema],
      [firestorePaths.festival(festivalId), festivalSchema],
    ]);
    const reactionCount = await tx.count({ collection: firestorePaths.reactions(festivalId, photoId) });
    if (photo && photo.reactionCount !== reactionCount) tx.set(photoPath, { reactionCount }, { merge: true });
    addToStats(tx, festivalId, shardIndex(deps.random), {
      reactions: change === 'added' ? 1 : -1,
      ...(change === 'added' && festival ? { daily: { timeZone: festival.timeZone, at: new Date(event.occurredAt), field: 'reactions' } as const } : {}),
    });
  });
  await refreshStats(deps.docs, festivalId, now);
}
