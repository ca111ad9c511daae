import { Timestamp, type DocumentSnapshot } from 'firebase/firestore';
import type { z } from 'zod';

/**
 * The edge between Firestore and the shared model: Timestamps become `Date` and every
 * document is validated with the contract's schema, so views only ever see model types.
 */

/** Replaces every Timestamp (at any depth) with a Date. */
export function timestampsToDates(value: unknown): unknown {
  if (value instanceof Timestamp) return value.toDate();
  if (Array.isArray(value)) return value.map(timestampsToDates);
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, timestampsToDates(inner)]));
  }
  return value;
}

export type WithId<T> = T & { id: string };

export class InvalidDocumentError extends Error {
  constructor(
    readonly path: string,
    readonly issues: string[],
  ) {
    super(`${path} does not match the data contract: ${issues.join('; ')}`);
    this.name = 'InvalidDocumentError';
  }
}

/**
 * The model form of a snapshot, or an InvalidDocumentError. Server timestamps still in
 * flight (a write made offline) read as the local estimate, so a pending document is valid.
 */
export function toModel<S extends z.ZodType>(snapshot: DocumentSnapshot, schema: S): WithId<z.infer<S>> | InvalidDocumentError {
  const raw = timestampsToDates(snapshot.data({ serverTimestamps: 'estimate' }));
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    return new InvalidDocumentError(snapshot.ref.path, parsed.error.issues.map((issue) => `${issue.path.join('.') || '(document)'}: ${issue.message}`));
  }
  return { ...(parsed.data as object), id: snapshot.id } as WithId<z.infer<S>>;
}
