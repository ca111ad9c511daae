import { message, parseMediaUploadPath, storagePaths, subjectDocument, type AppIconPurpose, type DomainEvent, type MediaImage, type MediaUploadPath, type Rejection } from '@encore/model';
import { IMAGE_KINDS, rejectReasons } from '../domain/image-policy.js';
import { logs } from '../logs.js';
import type { Deps } from './deps.js';
import { runImagePipeline } from './image-pipeline.js';
import { appIconBackground, imageKindOf, readSubject } from './media-subject.js';
import { onceInTransaction } from './once.js';

export const PROCESS_MEDIA = 'processMedia';

type Outcome = { status: 'ready' } | { status: 'rejected'; reason: Rejection } | { status: 'skipped'; why: string };

/**
 * Staff's image for an artist, the site plan or the festival's logo or app icon, for one
 * `media.uploaded` event: the same image pipeline as visitors' photos (`image-pipeline.ts`),
 * with the widths and caching of its kind (an app icon: cut square, and its PNGs besides, on
 * the festival's colour), renditions under `media/{festivalId}/{subject}/{uploadId}/`. The outcome goes on
 * the document it belongs to: `image` (and `imageUpload` ready) when derived, only
 * `imageUpload` rejected with the reason otherwise, so a bad file never takes a good picture
 * down. The original is deleted either way (nothing needs it once derived), and so are the
 * files of the image it replaces.
 *
 * Only the latest upload of a document is processed: an event about an older one (a newer
 * upload came first) is skipped and its original deleted.
 */
export async function handleProcessMedia(deps: Deps, event: DomainEvent<'media.uploaded'>): Promise<Outcome> {
  const upload = parseMediaUploadPath(event.data.path);
  if (!upload || upload.festivalId !== event.data.festivalId || upload.uploadId !== event.data.uploadId) {
    return skipped(event.data.path, 'the event does not match its path');
  }
  const current = await readSubject(deps.docs, upload.festivalId, upload.subject);
  const latest = current?.imageUpload;
  if (!current || latest?.uploadId !== upload.uploadId) {
    await deps.objects.delete(event.data.path);
    return skipped(event.data.path, current ? `superseded by upload ${latest?.uploadId ?? '(none)'}` : 'its document is gone');
  }
  if (latest.status !== 'processing') return skipped(event.data.path, `upload is ${latest.status}`);

  const kind = imageKindOf(upload.subject);
  const outcome = await runImagePipeline(deps, {
    kind,
    path: event.data.path,
    size: event.data.size,
    renditionPath: (width, extension) => storagePaths.mediaRendition(upload, width, extension),
    ...(IMAGE_KINDS[kind].appIcons
      ? { appIcons: { path: (purpose: AppIconPurpose, size: number) => storagePaths.appIcon(upload, purpose, size), background: await appIconBackground(deps.docs, upload.festivalId) } }
      : {}),
  });
  if (outcome.status === 'gone' || outcome.status === 'rejected') {
    // An original that vanished before it was read would leave the upload processing for ever.
    const reason = outcome.status === 'gone' ? rejectReasons.gone : outcome.reason;
    await finish(deps, event, upload, { status: 'rejected', reason });
    await deps.objects.delete(event.data.path);
    logs.mediaRejected({ path: event.data.path, reason: message('rejection', 'en', reason), code: reason.code, detail: outcome.status === 'rejected' ? outcome.detail : undefined });
    return { status: 'rejected', reason };
  }

  const image: MediaImage = { uploadId: upload.uploadId, ...outcome.image, updatedAt: deps.now() };
  const result = await finish(deps, event, upload, { status: 'ready', image });
  await deps.objects.delete(event.data.path);
  if (result.applied) {
    // The picture it replaces: nothing points at its files any more.
    if (result.replaced && result.replaced !== upload.uploadId) await deps.objects.deletePrefix(storagePaths.mediaFolder({ ...upload, uploadId: result.replaced }));
    logs.mediaReady({ path: event.data.path, document: subjectDocument(upload.festivalId, upload.subject), renditions: image.renditions.length });
    return { status: 'ready' };
  }
  // Another delivery of this same upload (events come at least once) finished first: these files are the ones shown.
  if ((await readSubject(deps.docs, upload.festivalId, upload.subject))?.image?.uploadId === upload.uploadId) {
    return skipped(event.data.path, 'finished by another delivery of the same upload');
  }
  // A newer upload (or a deleted artist) overtook this one while it was derived: its files are nobody's.
  await deps.objects.deletePrefix(storagePaths.mediaFolder(upload));
  return skipped(event.data.path, 'overtaken while it was derived');
}

type Result = { status: 'ready'; image: MediaImage } | { status: 'rejected'; reason: Rejection };

/**
 * Records the outcome with the ledger entry, if the upload is still the document's latest
 * and still processing. Says whether it did, and which image it replaced.
 */
async function finish(deps: Pick<Deps, 'docs' | 'now'>, event: DomainEvent<'media.uploaded'>, upload: MediaUploadPath, result: Result) {
  const path = subjectDocument(upload.festivalId, upload.subject);
  let applied = false;
  let replaced: string | null = null;
  await onceInTransaction(deps.docs, PROCESS_MEDIA, event.id, deps.now(), async (tx) => {
    const current = await readSubject(tx, upload.festivalId, upload.subject);
    if (current?.imageUpload?.uploadId !== upload.uploadId || current.imageUpload.status !== 'processing') return;
    const now = deps.now();
    // The reason in English words and as a code the staff app words in the reader's language.
    const rejection = result.status === 'rejected' ? result.reason : null;
    const imageUpload = { uploadId: upload.uploadId, status: result.status, rejectReason: rejection && message('rejection', 'en', rejection), rejection, updatedAt: now };
    tx.set(path, result.status === 'ready' ? { image: result.image, imageUpload } : { imageUpload }, { merge: true });
    applied = true;
    replaced = current.image?.uploadId ?? null;
  });
  return { applied, replaced: replaced as string | null };
}

function skipped(path: string, why: string): Outcome {
  logs.mediaSkipped({ path, why });
  return { status: 'skipped', why };
}
