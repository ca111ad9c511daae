import { dailyUploadQuota, reportHideThreshold } from '../config.js';
import type { Deps } from '../handlers/deps.js';
import { readCaptureFacts } from './exif.js';
import { firestoreDocs } from './firestore.js';
import { sharpImages } from './images.js';
import { pubsubPublisher } from './publisher.js';
import { cloudStorageObjects } from './storage.js';

let deps: Deps | undefined;

/**
 * The real adapters, built on first use inside a running function (never at module
 * load, so loading the module for the deploy manifest needs no credentials or network).
 */
export function liveDeps(): Deps {
  deps ??= {
    docs: firestoreDocs(),
    objects: cloudStorageObjects(),
    publisher: pubsubPublisher(),
    images: sharpImages,
    readCapture: readCaptureFacts,
    now: () => new Date(),
    random: Math.random,
    settings: { dailyUploadQuota: dailyUploadQuota.value(), reportHideThreshold: reportHideThreshold.value() },
  };
  return deps;
}
