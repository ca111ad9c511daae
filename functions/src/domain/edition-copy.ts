import type { BrandImageDoc, CreateEditionInput, EditionCopy, Festival, InfoPage, MediaImage, VenueMap } from '@encore/model';

/**
 * A new edition of a festival (issue 35), as pure decisions: what the new festival document
 * is, what of the source's documents is copied, and whether a `createEdition` that finds its
 * bookkeeping already there is the same request. The handler (handlers/create-edition.ts)
 * reads and writes; nothing here does.
 */

/** The festival fields an edition takes over from its source (docs/data-contract.md, "Editions"). */
const CARRIED_OVER = ['timeZone', 'venue', 'address', 'languages', 'defaultLanguage', 'colours', 'links', 'description', 'dayStartsAtHour', 'originalRetentionDays'] as const;

/** The new festival's document: the source's carried-over fields, the asked name and dates, and where it came from. */
export function editionFestival(source: Festival, sourceFestivalId: string, asked: CreateEditionInput['festival']): Festival {
  const carried = Object.fromEntries(CARRIED_OVER.filter((field) => source[field] !== undefined).map((field) => [field, structuredClone(source[field])]));
  const shortName = asked.shortName ?? source.shortName;
  return {
    ...(carried as Pick<Festival, (typeof CARRIED_OVER)[number]>),
    name: asked.name,
    ...(shortName !== undefined ? { shortName } : {}),
    startsOn: asked.startsOn,
    endsOn: asked.endsOn,
    editionOf: sourceFestivalId,
  };
}

/** The bookkeeping written before the copy starts: what was asked and by whom. */
export function editionCopyRecord(input: CreateEditionInput, uid: string, now: Date): EditionCopy {
  const { name, shortName, startsOn, endsOn } = input.festival;
  return { sourceFestivalId: input.sourceFestivalId, name, ...(shortName !== undefined ? { shortName } : {}), startsOn, endsOn, requestedBy: uid, startedAt: now, completedAt: null };
}

/** Whether a stored copy is this very request by this very person (a retry), so it may be finished and answered again. */
export function isSameEditionRequest(stored: EditionCopy, input: CreateEditionInput, uid: string): boolean {
  const asked = editionCopyRecord(input, uid, stored.startedAt);
  return (
    stored.requestedBy === asked.requestedBy &&
    stored.sourceFestivalId === asked.sourceFestivalId &&
    stored.name === asked.name &&
    stored.shortName === asked.shortName &&
    stored.startsOn === asked.startsOn &&
    stored.endsOn === asked.endsOn
  );
}

/**
 * The venue map as the edition starts with it: markers, routes, georeference and walking
 * minutes, and the plan image as it is (renditions are immutable files both editions may
 * show). An upload still being processed belongs to the source and is left behind.
 */
export function copiedVenueMap(map: VenueMap, now: Date): Omit<VenueMap, 'imageUpload'> {
  const { imageUpload: _inFlight, ...kept } = structuredClone(map);
  return { ...kept, updatedAt: now };
}

export function copiedInfoPage(page: InfoPage, now: Date): InfoPage {
  return { ...structuredClone(page), updatedAt: now };
}

/** A logo or icon document carries over only with a finished image (its renditions), nothing in progress. */
export function copiedBrandImage(brand: BrandImageDoc | undefined, now: Date): BrandImageDoc | undefined {
  return brand?.image ? { image: structuredClone(brand.image), updatedAt: now } : undefined;
}

/** One rendition file to copy: from the source festival's media folder to the edition's. */
export interface RenditionCopy {
  from: string;
  to: string;
  format: MediaImage['renditions'][number]['format'];
}

/**
 * An image as the edition keeps it: the same renditions under the edition's own media folder
 * (`media/{source}/...` -> `media/{edition}/...`), so the source replacing or losing its image
 * (its old renditions are deleted then) never breaks the edition's; and the files to copy.
 */
export function rehomedImage(image: MediaImage, sourceFestivalId: string, festivalId: string): { image: MediaImage; files: RenditionCopy[] } {
  const from = `media/${sourceFestivalId}/`;
  const files: RenditionCopy[] = [];
  const renditions = image.renditions.map((rendition) => {
    if (!rendition.path.startsWith(from)) return rendition;
    const to = `media/${festivalId}/${rendition.path.slice(from.length)}`;
    files.push({ from: rendition.path, to, format: rendition.format });
    return { ...rendition, path: to };
  });
  return { image: { ...image, renditions }, files };
}
