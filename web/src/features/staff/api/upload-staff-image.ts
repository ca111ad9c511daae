import { randomId, storagePaths, type MediaSubject } from '@encore/model';
import { ref, uploadBytesResumable } from 'firebase/storage';
import { storage } from '../../../firebase/storage';

export interface StaffImageUpload {
  uploadId: string;
  /** Resolves once every byte is in Storage (the pipeline then takes over). */
  done: Promise<void>;
  cancel(): void;
}

/**
 * Uploads an image staff chose for an artist or the site plan to
 * `staff-uploads/{festivalId}/{subject}/{uploadId}` (resumable), where the photo pipeline
 * picks it up; its outcome then shows on the document (`imageUpload`, then `image`).
 */
export function uploadStaffImage(festivalId: string, subject: MediaSubject, file: File, onProgress: (fraction: number) => void): StaffImageUpload {
  const uploadId = randomId();
  const task = uploadBytesResumable(ref(storage(), storagePaths.mediaUpload({ festivalId, subject, uploadId })), file, { contentType: file.type });
  const done = new Promise<void>((resolve, reject) => {
    task.on('state_changed', (snapshot) => onProgress(snapshot.totalBytes > 0 ? snapshot.bytesTransferred / snapshot.totalBytes : 0), reject, () => resolve());
  });
  return { uploadId, done, cancel: () => void task.cancel() };
}
