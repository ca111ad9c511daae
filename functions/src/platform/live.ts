import {
  appUrl,
  autoHidesPerFestivalHour,
  dailyUploadQuota,
  festivalUploadsPerHour,
  originalRetentionDays,
  reportHideThreshold,
  reporterCountsAfterHours,
  reporterMinAccountAgeDays,
} from '../config.js';
import { feedAppUrl } from '../domain/calendar.js';
import type { Deps } from '../handlers/deps.js';
import { firebaseAccounts } from './accounts.js';
import { firestoreBundler } from './bundles.js';
import { readCaptureFacts } from './exif.js';
import { fcmPush } from './fcm-push.js';
import { firestoreDocs } from './firestore.js';
import { LocalPushOutbox } from './local-push-outbox.js';
import { sharpImages } from './images.js';
import { pubsubPublisher } from './publisher.js';
import { cloudStorageObjects, publicFilesBase } from './storage.js';
import { cloudTasks } from './tasks.js';

let deps: Deps | undefined;

/**
 * The real adapters, built on first use inside a running function (never at module
 * load, so loading the module for the deploy manifest needs no credentials or network).
 */
export function liveDeps(): Deps {
  if (deps) return deps;
  const docs = firestoreDocs();
  deps = {
    docs,
    // FCM has no emulator: under one (our runner and firebase-tools both set FUNCTIONS_EMULATOR),
    // pushes go to the local outbox in Firestore, which the app on the emulators shows.
    push: process.env.FUNCTIONS_EMULATOR === 'true' ? new LocalPushOutbox(docs) : fcmPush(),
    accounts: firebaseAccounts(),
    objects: cloudStorageObjects(),
    publisher: pubsubPublisher(),
    images: sharpImages,
    bundler: firestoreBundler(),
    tasks: cloudTasks(),
    readCapture: readCaptureFacts,
    now: () => new Date(),
    random: Math.random,
    settings: {
      dailyUploadQuota: dailyUploadQuota.value(),
      reportHideThreshold: reportHideThreshold.value(),
      reporterMinAccountAgeDays: reporterMinAccountAgeDays.value(),
      reporterCountsAfterHours: reporterCountsAfterHours.value(),
      autoHidesPerFestivalHour: autoHidesPerFestivalHour.value(),
      festivalUploadsPerHour: festivalUploadsPerHour.value(),
      originalRetentionDays: originalRetentionDays.value(),
      appUrl: feedAppUrl(appUrl.value(), process.env.GCLOUD_PROJECT),
      // Read when a page needs it, not for every function's first call (the bucket comes from FIREBASE_CONFIG).
      get publicFilesBase() {
        return publicFilesBase(process.env.FIREBASE_STORAGE_EMULATOR_HOST);
      },
    },
  };
  return deps;
}
