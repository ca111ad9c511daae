import { firestorePaths, photoSchema, storagePaths } from '@encore/model';
import { doc, onSnapshot } from 'firebase/firestore';
import { ref, uploadBytesResumable } from 'firebase/storage';
import { db } from '../../firebase/firestore';
import { storage } from '../../firebase/storage';
import { InvalidDocumentError, toModel } from '../../firebase/to-model';
import type { Uploader } from './uploader';

/**
 * Uploads straight to Cloud Storage at `uploads/{uid}/{festivalId}/{photoId}` (resumable, so
 * a flaky connection resumes instead of restarting), then follows the photo document the
 * pipeline creates under the same id.
 */
export function storageUploader(uid: string, festivalId: string): Uploader {
  return {
    start({ file, photoId, performanceId }, callbacks) {
      const task = uploadBytesResumable(ref(storage(), storagePaths.upload({ uid, festivalId, photoId })), file, {
        contentType: file.type,
        customMetadata: performanceId ? { performanceId } : {},
      });
      task.on(
        'state_changed',
        (snapshot) => {
          callbacks.onProgress({ bytesTransferred: snapshot.bytesTransferred, totalBytes: snapshot.totalBytes });
          if (snapshot.state === 'paused') callbacks.onPaused();
          if (snapshot.state === 'running') callbacks.onRunning();
        },
        callbacks.onError,
        callbacks.onComplete,
      );
      return { pause: () => void task.pause(), resume: () => void task.resume(), cancel: () => void task.cancel() };
    },
    watch(photoId, onStatus, onError) {
      return onSnapshot(
        doc(db(), firestorePaths.photo(festivalId, photoId)),
        (snapshot) => {
          if (!snapshot.exists()) return onStatus(null);
          const photo = toModel(snapshot, photoSchema);
          if (photo instanceof InvalidDocumentError) return onError(photo);
          onStatus({ status: photo.status, rejectReason: photo.rejectReason });
        },
        onError,
      );
    },
  };
}
