import { firestorePaths, photoSchema, storagePaths } from '@encore/model';
import { collection, documentId, limit, onSnapshot, query, where } from 'firebase/firestore';
import { ref, uploadBytesResumable } from 'firebase/storage';
import { db } from '../../firebase/firestore';
import { storage } from '../../firebase/storage';
import { InvalidDocumentError, toModel } from '../../firebase/to-model';
import type { Uploader } from './uploader';

/**
 * Uploads straight to Cloud Storage at `uploads/{uid}/{festivalId}/{photoId}` (resumable, so
 * a flaky connection resumes instead of restarting), then follows the photo document the
 * pipeline creates under the same id. It follows it as a query on the uploader's own photos:
 * the rules refuse a get of a photo that does not exist yet (so a get never tells whether
 * an id is taken), while this query is allowed, and empty until the document appears.
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
      const mine = query(collection(db(), firestorePaths.photos(festivalId)), where('uploaderUid', '==', uid), where(documentId(), '==', photoId), limit(1));
      return onSnapshot(
        mine,
        (result) => {
          const snapshot = result.docs[0];
          if (!snapshot) return onStatus(null);
          const photo = toModel(snapshot, photoSchema);
          if (photo instanceof InvalidDocumentError) return onError(photo);
          onStatus({ status: photo.status, rejectReason: photo.rejectReason, rejection: photo.rejection ?? null });
        },
        onError,
      );
    },
  };
}
