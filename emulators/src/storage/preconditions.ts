/**
 * GCS request preconditions (`ifGenerationMatch` and friends): a write, metadata update or
 * delete goes ahead only if the live object is the one the client expects, else 412.
 * `ifGenerationMatch=0` means "only if no live object exists", the usual create-only guard.
 */
import { badRequest, StorageError } from './errors.js';
import type { ObjectMetadata } from './object-metadata.js';

export interface Preconditions {
  ifGenerationMatch?: string;
  ifGenerationNotMatch?: string;
  ifMetagenerationMatch?: string;
  ifMetagenerationNotMatch?: string;
}

const KEYS = ['ifGenerationMatch', 'ifGenerationNotMatch', 'ifMetagenerationMatch', 'ifMetagenerationNotMatch'] as const;

export function parsePreconditions(params: URLSearchParams): Preconditions {
  const preconditions: Preconditions = {};
  for (const key of KEYS) {
    const value = params.get(key);
    if (value === null) continue;
    if (!/^\d+$/.test(value)) throw badRequest(`Invalid ${key}: ${value}`);
    preconditions[key] = String(BigInt(value));
  }
  return preconditions;
}

/** Throws 412 when the live object (undefined if none) does not meet the preconditions. */
export function assertPreconditions(preconditions: Preconditions, live: ObjectMetadata | undefined): void {
  const generation = live?.generation ?? '0';
  const metageneration = live === undefined ? undefined : String(live.metageneration);
  const failed =
    (preconditions.ifGenerationMatch !== undefined && preconditions.ifGenerationMatch !== generation) ||
    (preconditions.ifGenerationNotMatch !== undefined && preconditions.ifGenerationNotMatch === generation) ||
    (preconditions.ifMetagenerationMatch !== undefined && preconditions.ifMetagenerationMatch !== metageneration) ||
    (preconditions.ifMetagenerationNotMatch !== undefined && preconditions.ifMetagenerationNotMatch === metageneration);
  if (failed) throw new StorageError(412, 'At least one of the pre-conditions you specified did not hold.', 'conditionNotMet');
}
