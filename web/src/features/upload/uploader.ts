import type { PhotoStatus, Rejection } from '@encore/model';

/**
 * What the upload screen needs from the backend, as an interface: the real one uses the
 * Storage and Firestore SDKs (storage-uploader.ts); component tests pass a scripted one.
 */
export interface UploadProgress {
  bytesTransferred: number;
  totalBytes: number;
}

export interface UploadCallbacks {
  onProgress(progress: UploadProgress): void;
  onPaused(): void;
  onRunning(): void;
  onComplete(): void;
  onError(error: unknown): void;
}

export interface UploadControl {
  pause(): void;
  resume(): void;
  cancel(): void;
}

export interface ServerStatus {
  status: PhotoStatus;
  rejectReason: string | null;
  /** The reason as a code and its numbers, worded in the reader's language; null when the photo predates it. */
  rejection: Rejection | null;
}

export interface Uploader {
  start(input: { file: File; photoId: string; performanceId: string | null }, callbacks: UploadCallbacks): UploadControl;
  /** Follows the photo document the pipeline writes; `null` until it exists. */
  watch(photoId: string, onStatus: (status: ServerStatus | null) => void, onError: (error: unknown) => void): () => void;
}
