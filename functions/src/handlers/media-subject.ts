import { artistSchema, subjectDocument, venueMapSchema, type MediaImage, type MediaSubject, type MediaUpload } from '@encore/model';
import type { DocTransaction, Docs } from '../platform/docs.js';
import type { ImageKind } from '../domain/image-policy.js';

/**
 * What a staff upload belongs to, as the media handlers need it: its document, the schema
 * that reads it, and the kind of image it is. Both documents carry the same two fields
 * functions write (`image`, `imageUpload`), so the handlers never look further.
 */
export interface SubjectState {
  image: MediaImage | null;
  imageUpload: MediaUpload | null;
}

export function imageKindOf(subject: MediaSubject): ImageKind {
  return subject.kind === 'artist' ? 'artist' : 'site-plan';
}

/** The subject's image fields, or null when its document does not exist (the whole document is parsed with its schema). */
export async function readSubject(reader: Pick<Docs, 'get'> | DocTransaction, festivalId: string, subject: MediaSubject): Promise<SubjectState | null> {
  const path = subjectDocument(festivalId, subject);
  const current = subject.kind === 'artist' ? await reader.get(path, artistSchema) : await reader.get(path, venueMapSchema);
  return current ? { image: current.image ?? null, imageUpload: current.imageUpload ?? null } : null;
}

/**
 * Whether the subject may exist without a document yet: a site plan may be uploaded before
 * any marker is placed (its document is then created), an artist's picture only for an
 * artist staff have made.
 */
export function canCreate(subject: MediaSubject): boolean {
  return subject.kind === 'site-plan';
}

/** The fields of a subject document created by its first upload. */
export function newSubjectDocument(subject: MediaSubject, now: Date): Record<string, unknown> {
  if (subject.kind !== 'site-plan') throw new Error('only a site plan document is created by an upload');
  return { markers: [], routes: [], updatedAt: now };
}
