import type { Rejection } from '@encore/model';
import { rejectReasons } from './image-policy.js';

/**
 * What the nightly job does with an upload still `processing` an hour after it last moved:
 * its work was lost (a crash between the upload and the pipeline, a message that ran out
 * of retries), never just slow, since the pipeline finishes in seconds. It is sent through
 * the pipeline again, at most `MAX_REDRIVES` times (one a night), and then refused with a
 * reason the uploader reads like any other refusal. It is never deleted silently.
 */

/** An upload that has not moved for this long is stuck. */
export const STUCK_AFTER_MS = 60 * 60_000;

/** Re-sends before an upload is given up on. */
export const MAX_REDRIVES = 3;

export type StuckVerdict = { action: 'redrive'; attempt: number } | { action: 'reject'; reason: Rejection };

/** `redrives`: re-sends so far; `originalExists`: whether the uploaded file is still there to read. */
export function stuckVerdict(redrives: number | undefined, originalExists: boolean): StuckVerdict {
  if (!originalExists) return { action: 'reject', reason: rejectReasons.gone };
  const done = redrives ?? 0;
  if (done >= MAX_REDRIVES) return { action: 'reject', reason: rejectReasons.unprocessable };
  return { action: 'redrive', attempt: done + 1 };
}

export function isStuck(lastMoved: Date, now: Date): boolean {
  return now.getTime() - lastMoved.getTime() >= STUCK_AFTER_MS;
}

/**
 * The id of a re-sent upload event: new for every attempt (the pipeline's once-ledger would
 * skip the original id), the same for one attempt however often the job runs.
 */
export function redriveEventId(uploadPath: string, attempt: number): string {
  return `redrive~${attempt}~${uploadPath}`;
}
