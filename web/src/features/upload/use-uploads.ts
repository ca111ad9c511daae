import { randomId, type Rejection } from '@encore/model';
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { defineMessages } from 'react-intl';
import { fileProblem, type FileProblem } from './file-checks';
import type { ServerStatus, UploadControl, Uploader } from './uploader';

export type UploadState = 'invalid' | 'uploading' | 'paused' | 'processing' | 'ready' | 'rejected' | 'failed' | 'cancelled';

export interface UploadItem {
  /** The photo id, which is also the upload's object name and the photo document's id. */
  photoId: string;
  name: string;
  state: UploadState;
  bytesTransferred: number;
  totalBytes: number;
  /**
   * Why the file was refused before upload (a message to format), or rejected by the
   * pipeline (the server's own words, shown as written).
   */
  /** Why it cannot be used: a check in the browser, the server's reason as a code (worded in the reader's language), or its words. */
  reason: FileProblem | Rejection | string | null;
  error: unknown;
}

type Action =
  | { type: 'add'; item: UploadItem }
  | { type: 'update'; photoId: string; patch: Partial<UploadItem> }
  | { type: 'remove'; photoId: string };

function reducer(items: UploadItem[], action: Action): UploadItem[] {
  switch (action.type) {
    case 'add':
      return [...items, action.item];
    case 'update':
      return items.map((item) => (item.photoId === action.photoId ? { ...item, ...action.patch } : item));
    case 'remove':
      return items.filter((item) => item.photoId !== action.photoId);
  }
}

const messages = defineMessages({
  notProcessed: { id: 'upload.uploads.notProcessed', defaultMessage: 'The photo could not be processed.' },
});

function fromServer(status: ServerStatus | null): Partial<UploadItem> {
  if (!status || status.status === 'processing') return { state: 'processing' };
  if (status.status === 'rejected') return { state: 'rejected', reason: status.rejection ?? status.rejectReason ?? { message: messages.notProcessed, values: {} } };
  // ready, hidden (by staff) or deleted: the upload itself is done.
  return { state: 'ready' };
}

/** Several uploads at once, each with progress, pause/resume/cancel and the live server status. */
export function useUploads(uploader: Uploader, performanceId: string | null) {
  const [items, dispatch] = useReducer(reducer, []);
  const files = useRef(new Map<string, File>());
  const controls = useRef(new Map<string, UploadControl>());
  const watchers = useRef(new Map<string, () => void>());

  const update = (photoId: string, patch: Partial<UploadItem>) => dispatch({ type: 'update', photoId, patch });

  const begin = useCallback(
    (photoId: string) => {
      const file = files.current.get(photoId)!;
      update(photoId, { state: 'uploading', bytesTransferred: 0, totalBytes: file.size, error: null, reason: null });
      const control = uploader.start(
        { file, photoId, performanceId },
        {
          onProgress: ({ bytesTransferred, totalBytes }) => update(photoId, { bytesTransferred, totalBytes }),
          onPaused: () => update(photoId, { state: 'paused' }),
          onRunning: () => update(photoId, { state: 'uploading' }),
          onError: (error) => {
            const cancelled = (error as { code?: string } | null)?.code === 'storage/canceled';
            update(photoId, { state: cancelled ? 'cancelled' : 'failed', error });
          },
          onComplete: () => {
            update(photoId, { state: 'processing', bytesTransferred: file.size });
            watchers.current.set(
              photoId,
              uploader.watch(
                photoId,
                (status) => update(photoId, fromServer(status)),
                (error) => update(photoId, { error }),
              ),
            );
          },
        },
      );
      controls.current.set(photoId, control);
    },
    [uploader, performanceId],
  );

  const add = useCallback(
    (picked: Iterable<File>) => {
      for (const file of picked) {
        const photoId = randomId();
        const reason = fileProblem(file);
        files.current.set(photoId, file);
        dispatch({
          type: 'add',
          item: { photoId, name: file.name, state: reason ? 'invalid' : 'uploading', bytesTransferred: 0, totalBytes: file.size, reason, error: null },
        });
        if (!reason) begin(photoId);
      }
    },
    [begin],
  );

  useEffect(
    () => () => {
      for (const unwatch of watchers.current.values()) unwatch();
    },
    [],
  );

  return {
    items,
    add,
    pause: (photoId: string) => controls.current.get(photoId)?.pause(),
    resume: (photoId: string) => controls.current.get(photoId)?.resume(),
    cancel: (photoId: string) => controls.current.get(photoId)?.cancel(),
    retry: (photoId: string) => begin(photoId),
    remove: (photoId: string) => {
      watchers.current.get(photoId)?.();
      watchers.current.delete(photoId);
      files.current.delete(photoId);
      controls.current.delete(photoId);
      dispatch({ type: 'remove', photoId });
    },
  };
}
