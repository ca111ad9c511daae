/**
 * Hiding or restoring several photos at once: each through the `moderatePhoto` callable
 * (one decision per photo, so each is recorded with who and when like a single one), a few
 * at a time so a long selection neither floods the backend nor waits for each in turn.
 * One photo failing does not stop the others; each outcome is reported as it lands.
 */

export type BulkAction = 'hide' | 'restore';

export interface BulkOutcome {
  photoId: string;
  /** Null when it succeeded. */
  error: unknown;
}

export interface BulkProgress {
  total: number;
  done: number;
  failed: BulkOutcome[];
}

/** Calls in flight at once: enough to finish a page of photos quickly, few enough to stay polite. */
export const BULK_CONCURRENCY = 4;

export async function moderateMany(
  photoIds: readonly string[],
  decide: (photoId: string) => Promise<unknown>,
  onProgress: (progress: BulkProgress) => void,
  concurrency = BULK_CONCURRENCY,
): Promise<BulkProgress> {
  const queue = [...new Set(photoIds)];
  const progress: BulkProgress = { total: queue.length, done: 0, failed: [] };
  onProgress({ ...progress });
  let next = 0;
  const worker = async () => {
    while (next < queue.length) {
      const photoId = queue[next++]!;
      try {
        await decide(photoId);
      } catch (error) {
        progress.failed = [...progress.failed, { photoId, error }];
      }
      progress.done += 1;
      onProgress({ ...progress });
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, queue.length) }, worker));
  return { ...progress };
}
