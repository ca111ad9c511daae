import type { Accounts } from '../platform/accounts.js';
import type { ProgrammeBundler } from '../platform/bundles.js';
import type { CaptureFacts } from '../platform/exif.js';
import type { Docs } from '../platform/docs.js';
import type { ImageProcessor } from '../platform/images.js';
import type { Publisher } from '../platform/publisher.js';
import type { Push } from '../platform/push.js';
import type { Objects } from '../platform/storage.js';
import type { Tasks } from '../platform/tasks.js';

/**
 * Everything a handler may touch, as ports. Triggers pass the real adapters
 * (`../platform/live.ts`); unit tests pass in-memory doubles (`../testing/`).
 */
export interface Deps {
  docs: Docs;
  accounts: Accounts;
  objects: Objects;
  publisher: Publisher;
  /** Push messages to people's devices: FCM in production, the local outbox on the emulators. */
  push: Push;
  images: ImageProcessor;
  /** Builds a festival's programme as a Firestore data bundle. */
  bundler: ProgrammeBundler;
  /** Work run later, once per id (Cloud Tasks): the live documents' and the programme's publications. */
  tasks: Tasks;
  readCapture: (bytes: Buffer) => Promise<CaptureFacts>;
  now: () => Date;
  random: () => number;
  settings: {
    /** Photos a newcomer may upload per festival day; it grows with reputation (domain/quota.ts). */
    dailyUploadQuota: number;
    reportHideThreshold: number;
    /** Accounts at least this old may report photos without a verified email. */
    reporterMinAccountAgeDays: number;
    /** A report counts towards hiding only from a verified account at least this old (and see hidingWeight). */
    reporterCountsAfterHours: number;
    /** Photos reports may hide automatically per festival per hour; past it, photos wait for staff. */
    autoHidesPerFestivalHour: number;
    /** Photos the pipeline takes per festival per hour, from everyone together. */
    festivalUploadsPerHour: number;
    /** Days a ready photo's original is kept, unless its festival sets `originalRetentionDays`. */
    originalRetentionDays: number;
    /** The web app's address, for the links in calendar feeds. */
    appUrl: string;
    /**
     * Where browsers fetch the bucket's public files, up to the object's name
     * (`https://firebasestorage.googleapis.com/v0/b/{bucket}/o/`, the Storage emulator's
     * locally): the first page and the manifest link the festival's icon and logo with it.
     */
    publicFilesBase: string;
  };
}
