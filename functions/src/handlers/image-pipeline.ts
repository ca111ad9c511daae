import type { AppIcon, AppIconPurpose, Rejection, Thumbnail } from '@encore/model';
import {
  CONTENT_TYPE,
  EXTENSION,
  IMAGE_KINDS,
  MAX_UPLOAD_BYTES,
  centreSquare,
  rejectReasons,
  renditionWidths,
  screenDimensions,
  screenShape,
  screenUpload,
  sniffImageType,
  uprightSize,
  type ImageKind,
} from '../domain/image-policy.js';
import { UnreadableImageError, type AppIconRequest } from '../platform/images.js';
import type { Deps } from './deps.js';

/**
 * The image pipeline every uploaded image goes through, whatever it belongs to (a visitor's
 * photo, an artist's picture, the site plan): size and type from the bytes, header screened,
 * then decoded once and derived into every width and format with all metadata dropped, the
 * renditions written where the caller says. What the image belongs to decides only its
 * widths and caching (`IMAGE_KINDS`), where its files go, and what happens with the outcome:
 * the callers (process-photo.ts, process-media.ts) record it on their own documents.
 */

export interface ImageJob<T> {
  kind: ImageKind;
  /** The original in Storage, and its size as the event reported it. */
  path: string;
  size: number;
  /** The original's bytes, when the caller already started reading them (null: gone). */
  original?: Promise<Buffer | null>;
  /** Where the rendition of `width` in `extension` goes. */
  renditionPath(width: number, extension: string): string;
  /**
   * A kind with app icons (`IMAGE_KINDS[kind].appIcons`): where each PNG goes, and the colour
   * that fills what may not stay transparent. Required for such a kind.
   */
  appIcons?: { path(purpose: AppIconPurpose, size: number): string; background: string };
  /**
   * Read from the screened bytes before anything is derived (derived files carry no
   * metadata at all): the photo reads its EXIF capture time here.
   */
  inspect?(bytes: Buffer): Promise<T>;
  /**
   * Asked once the bytes passed the screening (type, size, header dimensions), before the
   * image is decoded: a refusal ends the job with it. The photo reserves its quota here, so
   * a file that is not an image we take never uses up anyone's share (issue 39).
   */
  admit?(): Promise<Rejection | null>;
}

export interface DerivedImageFacts {
  /** Of the upright original. */
  width: number;
  height: number;
  /** Smallest first, then by format. */
  renditions: Thumbnail[];
  /** A kind with app icons only: as `IMAGE_KINDS[kind].appIcons` lists them. */
  icons?: AppIcon[];
  dominantColor: string;
  placeholder: string;
}

export type ImageOutcome<T> =
  | { status: 'derived'; image: DerivedImageFacts; inspected: T | undefined }
  /**
   * The file is not an image we take, or `admit` refused it, with the reason for the person
   * who sent it. Final, never retried. `at` says which step refused: the screening of the
   * bytes, the admission, or the decoder (after admission).
   */
  | { status: 'rejected'; reason: Rejection; detail?: string; at: 'screening' | 'admission' | 'decoding' }
  /** The original is gone (deleted since the event was sent). */
  | { status: 'gone' };

/**
 * Runs the pipeline on one original. A bad file comes back `rejected`; only infrastructure
 * errors (network, storage) are thrown, for the caller's trigger to retry.
 */
export async function runImagePipeline<T>(deps: Pick<Deps, 'objects' | 'images'>, job: ImageJob<T>): Promise<ImageOutcome<T>> {
  // The size from the event is enough to refuse an oversized file without downloading it.
  if (job.size > MAX_UPLOAD_BYTES) return { status: 'rejected', reason: rejectReasons.tooLarge(job.size), at: 'screening' };
  const bytes = await (job.original ?? deps.objects.read(job.path));
  if (!bytes) return { status: 'gone' };
  const screened = screenUpload(bytes.length, sniffImageType(bytes.subarray(0, 4096)));
  if (!screened.ok) return { status: 'rejected', reason: screened.reason, at: 'screening' };

  let header: Awaited<ReturnType<Deps['images']['readHeader']>> | undefined;
  try {
    header = await deps.images.readHeader(bytes);
    // From the header alone: a bomb never reaches the decoder (a 39 KB 8000x5000 PNG costs 1.3 s there).
    const tooBig = screenDimensions(header.width, header.height, bytes.length);
    if (tooBig) return { status: 'rejected', reason: tooBig, at: 'screening' };
    const upright = uprightSize(header.width, header.height, header.orientation);
    const misshapen = screenShape(job.kind, upright.width, upright.height);
    if (misshapen) return { status: 'rejected', reason: misshapen, at: 'screening' };
    const refused = job.admit ? await job.admit() : null;
    if (refused) return { status: 'rejected', reason: refused, at: 'admission' };
    const inspected = job.inspect ? await job.inspect(bytes) : undefined;
    const { cacheControl, appIcons: iconFiles } = IMAGE_KINDS[job.kind];
    const renditions: Thumbnail[] = [];
    const icons: AppIcon[] = [];
    let appIcon: AppIconRequest | undefined;
    if (iconFiles) {
      if (!job.appIcons) throw new Error(`an image of kind ${job.kind} needs where its app icons go`);
      const target = job.appIcons;
      appIcon = {
        files: iconFiles,
        background: target.background,
        onIcon: async (icon) => {
          const path = target.path(icon.purpose, icon.size);
          await deps.objects.write(path, icon.bytes, { contentType: 'image/png', cacheControl });
          icons.push({ purpose: icon.purpose, size: icon.size, path, bytes: icon.bytes.length });
        },
      };
    }
    // An app icon's renditions are of the square at its centre, no wider than it.
    const width = iconFiles ? centreSquare(upright.width, upright.height).size : upright.width;
    // Each rendition is written as soon as it is encoded, while the others still are.
    const derived = await deps.images.derive(
      bytes,
      renditionWidths(job.kind, width),
      async (rendition) => {
        const path = job.renditionPath(rendition.width, EXTENSION[rendition.format]);
        await deps.objects.write(path, rendition.bytes, { contentType: CONTENT_TYPE[rendition.format], cacheControl });
        renditions.push({ width: rendition.width, height: rendition.height, format: rendition.format, path, bytes: rendition.bytes.length });
      },
      appIcon,
    );
    renditions.sort((a, b) => a.width - b.width || a.format.localeCompare(b.format));
    // In the order the kind lists them, whichever was encoded first.
    icons.sort((a, b) => iconFiles!.findIndex((file) => file.purpose === a.purpose && file.size === a.size) - iconFiles!.findIndex((file) => file.purpose === b.purpose && file.size === b.size));
    return {
      status: 'derived',
      image: { width: derived.width, height: derived.height, renditions, ...(iconFiles ? { icons } : {}), dominantColor: derived.dominantColor, placeholder: derived.placeholder },
      inspected,
    };
  } catch (error) {
    if (error instanceof UnreadableImageError) return { status: 'rejected', reason: rejectReasons.corrupt, detail: error.message, at: header ? 'decoding' : 'screening' };
    throw error;
  }
}
