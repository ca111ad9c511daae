import {
  BRAND_IMAGES,
  brandImageDocSchema,
  createEditionInputSchema,
  editionCopySchema,
  festivalSchema,
  firestorePaths,
  infoPageSchema,
  stageSchema,
  venueMapSchema,
  type CreateEditionInput,
  type CreateEditionResult,
  type EditionCopy,
  type MediaImage,
} from '@encore/model';
import { CONTENT_TYPE, MEDIA_CACHE_CONTROL } from '../domain/image-policy.js';
import { copiedBrandImage, copiedInfoPage, copiedVenueMap, editionCopyRecord, editionFestival, isSameEditionRequest, rehomedImage } from '../domain/edition-copy.js';
import type { DocData } from '../platform/docs.js';
import { logs } from '../logs.js';
import { creatorStaff } from './create-festival.js';
import type { Deps } from './deps.js';
import { RequestError, requireFestivalRole, requireSignedIn, type Caller } from './request-error.js';

/** Writes per batch: under Firestore's 500, so a batch never fails for its size. */
export const EDITION_BATCH = 400;

type EditionDeps = Pick<Deps, 'docs' | 'objects' | 'now'>;

/**
 * `createEdition` (issue 35): the source festival's admin (or a project admin), with a second
 * factor, copies its festival fields, stages, venue map, info pages and brand images into a
 * new festival and becomes its admin (domain/edition-copy.ts says what is copied).
 *
 * Crash-safe and idempotent: `editionCopies/{id}` is claimed first (what was asked, by whom),
 * then the documents are copied in batches that overwrite their target with the source's (a
 * retry repeats them harmlessly), and the festival document comes last, in the transaction that
 * makes the caller its admin and marks the copy done: until then no chooser lists the edition
 * and its address shows no festival. A retry of the same request finishes the copy and answers
 * the same; the id asked with anything else is `already-exists`.
 */
export async function handleCreateEdition(deps: EditionDeps, caller: Caller | undefined, data: unknown): Promise<CreateEditionResult> {
  requireSignedIn(caller);
  const parsed = createEditionInputSchema.safeParse(data);
  if (!parsed.success) throw new RequestError('invalid-argument', parsed.error.issues.map((i) => `${i.path.join('.') || 'request'}: ${i.message}`).join('; '));
  const input = parsed.data;
  const admin = await requireFestivalRole(deps, caller, input.sourceFestivalId, 'manage');
  const festivalId = input.festival.id;

  const source = await deps.docs.get(firestorePaths.festival(input.sourceFestivalId), festivalSchema);
  if (!source) throw new RequestError('not-found', `There is no festival ${input.sourceFestivalId} to copy.`);
  const copy = await claim(deps, input, admin.uid);
  if (copy.completedAt) {
    logs.editionCreated({ festivalId, from: input.sourceFestivalId, by: admin.uid, retried: true });
    return { festivalId };
  }

  await copyDocuments(deps, input.sourceFestivalId, festivalId);
  const festival = editionFestival(source, input.sourceFestivalId, input.festival);
  const finished = await deps.docs.transaction(async (tx) => {
    const [stored, existing] = await tx.getAll([
      [firestorePaths.editionCopy(festivalId), editionCopySchema],
      [firestorePaths.festival(festivalId), festivalSchema],
    ]);
    // Another call of the same request finished first: nothing left to do.
    if (stored?.completedAt || existing) return false;
    tx.create(firestorePaths.festival(festivalId), festival);
    tx.set(firestorePaths.festivalStaffMember(festivalId, admin.uid), creatorStaff(admin, deps.now()));
    tx.set(firestorePaths.editionCopy(festivalId), { ...copy, completedAt: deps.now() });
    return true;
  });
  logs.editionCreated({ festivalId, from: input.sourceFestivalId, by: admin.uid, retried: !finished });
  return { festivalId };
}

/** The copy's bookkeeping: this request's (claimed now, or by an earlier try of it), or `already-exists`. */
async function claim(deps: EditionDeps, input: CreateEditionInput, uid: string): Promise<EditionCopy> {
  const festivalId = input.festival.id;
  return deps.docs.transaction(async (tx) => {
    const [festival, stored] = await tx.getAll([
      [firestorePaths.festival(festivalId), festivalSchema],
      [firestorePaths.editionCopy(festivalId), editionCopySchema],
    ]);
    if (stored && isSameEditionRequest(stored, input, uid)) return stored;
    if (stored || festival) throw new RequestError('already-exists', `The address ${festivalId} is taken: choose another.`);
    const record = editionCopyRecord(input, uid, deps.now());
    tx.create(firestorePaths.editionCopy(festivalId), record);
    return record;
  });
}

/**
 * Stages, info pages, the venue map and the brand images, each written over its target with
 * the source's (and those a previous try copied that the source no longer has removed), images'
 * renditions copied into the edition's own media folder first, so no document ever points at a
 * file not there yet.
 */
async function copyDocuments(deps: EditionDeps, sourceFestivalId: string, festivalId: string): Promise<void> {
  const now = deps.now();
  const [stages, infoPages, staleStages, staleInfoPages, venueMap, ...brands] = await Promise.all([
    deps.docs.query({ collection: firestorePaths.stages(sourceFestivalId) }, stageSchema),
    deps.docs.query({ collection: firestorePaths.infoPages(sourceFestivalId) }, infoPageSchema),
    deps.docs.query({ collection: firestorePaths.stages(festivalId) }, stageSchema),
    deps.docs.query({ collection: firestorePaths.infoPages(festivalId) }, infoPageSchema),
    deps.docs.get(firestorePaths.venueMap(sourceFestivalId), venueMapSchema),
    ...BRAND_IMAGES.map((image) => deps.docs.get(firestorePaths.brandImage(sourceFestivalId, image), brandImageDocSchema)),
  ]);
  const writes: Array<{ path: string; data: DocData | null }> = [];
  const rehome = (image: MediaImage) => rehomeImage(deps, image, sourceFestivalId, festivalId);

  const stageIds = new Set(stages.map((stage) => stage.id));
  const pageIds = new Set(infoPages.map((page) => page.id));
  for (const stage of staleStages.filter((stage) => !stageIds.has(stage.id))) writes.push({ path: stage.path, data: null });
  for (const page of staleInfoPages.filter((page) => !pageIds.has(page.id))) writes.push({ path: page.path, data: null });
  for (const stage of stages) writes.push({ path: firestorePaths.stage(festivalId, stage.id), data: stage.data });
  for (const page of infoPages) writes.push({ path: firestorePaths.infoPage(festivalId, page.id), data: copiedInfoPage(page.data, now) });
  if (venueMap) {
    const { image, ...map } = copiedVenueMap(venueMap, now);
    const rehomed = image ? await rehome(image) : undefined;
    writes.push({ path: firestorePaths.venueMap(festivalId), data: rehomed ? { ...map, image: rehomed } : map });
  }
  for (const [index, name] of BRAND_IMAGES.entries()) {
    const brand = copiedBrandImage(brands[index] as (typeof brands)[number], now);
    const rehomed = brand?.image ? await rehome(brand.image) : undefined;
    if (brand && rehomed) writes.push({ path: firestorePaths.brandImage(festivalId, name), data: { ...brand, image: rehomed } });
  }

  for (let start = 0; start < writes.length; start += EDITION_BATCH) {
    const chunk = writes.slice(start, start + EDITION_BATCH);
    await deps.docs.batch((batch) => chunk.forEach(({ path, data }) => (data ? batch.set(path, data) : batch.delete(path))));
  }
}

/**
 * An image's renditions copied into the edition's media folder, and the image pointing at
 * them; undefined (the edition starts without that image) when one of its files is gone, as
 * when the source is replacing it at that very moment.
 */
async function rehomeImage(deps: EditionDeps, image: MediaImage, sourceFestivalId: string, festivalId: string): Promise<MediaImage | undefined> {
  const rehomed = rehomedImage(image, sourceFestivalId, festivalId);
  for (const file of rehomed.files) {
    const bytes = await deps.objects.read(file.from);
    if (!bytes) return undefined;
    await deps.objects.write(file.to, bytes, { contentType: CONTENT_TYPE[file.format], cacheControl: MEDIA_CACHE_CONTROL });
  }
  return rehomed.image;
}
