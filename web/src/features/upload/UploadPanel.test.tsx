import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithIntl } from '../../i18n/test-utils';
import { describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from './file-checks';
import type { ServerStatus, UploadCallbacks, Uploader } from './uploader';
import { UploadPanel } from './UploadPage';

/** An Uploader the test drives by hand: it records uploads and plays the server's part. */
class ScriptedUploader implements Uploader {
  readonly uploads: Array<{ file: File; photoId: string; performanceId: string | null; callbacks: UploadCallbacks; calls: string[] }> = [];
  readonly statuses = new Map<string, (status: ServerStatus | null) => void>();

  start(input: { file: File; photoId: string; performanceId: string | null }, callbacks: UploadCallbacks) {
    const upload = { ...input, callbacks, calls: [] as string[] };
    this.uploads.push(upload);
    return {
      pause: () => {
        upload.calls.push('pause');
        callbacks.onPaused();
      },
      resume: () => {
        upload.calls.push('resume');
        callbacks.onRunning();
      },
      cancel: () => {
        upload.calls.push('cancel');
        callbacks.onError(Object.assign(new Error('cancelled'), { code: 'storage/canceled' }));
      },
    };
  }

  watch(photoId: string, onStatus: (status: ServerStatus | null) => void) {
    this.statuses.set(photoId, onStatus);
    onStatus(null);
    return () => this.statuses.delete(photoId);
  }
}

const jpeg = (name: string, bytes = 2048) => new File([new Uint8Array(bytes)], name, { type: 'image/jpeg' });

async function pick(files: File[]) {
  const input = document.querySelector<HTMLInputElement>('input[type="file"][multiple]')!;
  // A person can pick "All files" in the dialog, so the accept list does not filter here.
  await userEvent.setup({ applyAccept: false }).upload(input, files);
}

const row = (name: string) => screen.getByRole('listitem', { name });

describe('the upload view', () => {
  it('uploads several photos with a progress bar each, then follows the server status live', async () => {
    const uploader = new ScriptedUploader();
    renderWithIntl(<UploadPanel uploader={uploader} programme={null} />);
    await pick([jpeg('stage.jpg'), jpeg('crowd.jpg')]);

    expect(uploader.uploads.map((upload) => upload.file.name)).toEqual(['stage.jpg', 'crowd.jpg']);
    const [stage, crowd] = uploader.uploads;
    act(() => stage!.callbacks.onProgress({ bytesTransferred: 1024, totalBytes: 2048 }));
    const bar = within(row('stage.jpg')).getByRole('progressbar', { name: 'Uploading stage.jpg' });
    expect(bar.getAttribute('aria-valuenow')).toBe('50');
    expect(within(row('crowd.jpg')).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('0');

    act(() => stage!.callbacks.onComplete());
    expect(within(row('stage.jpg')).getByRole('status').textContent).toBe('Processing on the server…');
    act(() => uploader.statuses.get(stage!.photoId)!({ status: 'ready', rejectReason: null, rejection: null }));
    expect(within(row('stage.jpg')).getByRole('status').textContent).toBe('Ready: on the wall');

    act(() => crowd!.callbacks.onComplete());
    act(() => uploader.statuses.get(crowd!.photoId)!({ status: 'rejected', rejectReason: 'Not an image: the file is plain text', rejection: null }));
    expect(within(row('crowd.jpg')).getByRole('status').textContent).toBe('Rejected');
    expect(within(row('crowd.jpg')).getByText('Not an image: the file is plain text')).toBeTruthy();
  });

  it('says why the server refused a photo in the language on screen, from the reason’s code', async () => {
    const uploader = new ScriptedUploader();
    renderWithIntl(<UploadPanel uploader={uploader} programme={null} />, { locale: 'nl' });
    await pick([jpeg('tekening.jpg')]);
    const [drawing] = uploader.uploads;
    act(() => drawing!.callbacks.onComplete());
    act(() => uploader.statuses.get(drawing!.photoId)!({ status: 'rejected', rejectReason: 'SVG drawings are not accepted.', rejection: { code: 'svg' } }));
    expect(within(row('tekening.jpg')).getByText('SVG-tekeningen worden niet geaccepteerd: upload een foto (JPEG, PNG, WebP, AVIF, TIFF of GIF).')).toBeTruthy();
    expect(within(row('tekening.jpg')).queryByText('SVG drawings are not accepted.')).toBeNull();
  });

  it('pauses, resumes and cancels an upload, and offers a retry after cancelling', async () => {
    const uploader = new ScriptedUploader();
    renderWithIntl(<UploadPanel uploader={uploader} programme={null} />);
    await pick([jpeg('night.jpg')]);
    const user = userEvent.setup();

    await user.click(within(row('night.jpg')).getByRole('button', { name: 'Pause' }));
    expect(within(row('night.jpg')).getByRole('status').textContent).toBe('Paused');
    await user.click(within(row('night.jpg')).getByRole('button', { name: 'Resume' }));
    expect(within(row('night.jpg')).getByRole('status').textContent).toBe('Uploading');
    await user.click(within(row('night.jpg')).getByRole('button', { name: 'Cancel' }));
    expect(within(row('night.jpg')).getByRole('status').textContent).toBe('Cancelled');
    expect(uploader.uploads[0]!.calls).toEqual(['pause', 'resume', 'cancel']);

    await user.click(within(row('night.jpg')).getByRole('button', { name: 'Retry' }));
    expect(uploader.uploads).toHaveLength(2);
    expect(uploader.uploads[1]!.photoId).toBe(uploader.uploads[0]!.photoId);
  });

  it('refuses wrong types and oversized files before sending a byte, with a reason', async () => {
    const uploader = new ScriptedUploader();
    renderWithIntl(<UploadPanel uploader={uploader} programme={null} />);
    const huge = jpeg('huge.jpg');
    Object.defineProperty(huge, 'size', { value: MAX_UPLOAD_BYTES + 1 });
    await pick([new File(['hello'], 'notes.txt', { type: 'text/plain' }), huge]);
    expect(uploader.uploads).toHaveLength(0);
    expect(within(row('notes.txt')).getByText(/is not a photo Encore can show/)).toBeTruthy();
    expect(within(row('huge.jpg')).getByText(/photos can be at most 20 MB/)).toBeTruthy();
  });

  it('explains a failed upload with the error mapping, not a code', async () => {
    const uploader = new ScriptedUploader();
    renderWithIntl(<UploadPanel uploader={uploader} programme={null} />);
    await pick([jpeg('denied.jpg')]);
    act(() => uploader.uploads[0]!.callbacks.onError(Object.assign(new Error('x'), { code: 'storage/unauthorized' })));
    const item = row('denied.jpg');
    expect(within(item).getByRole('status').textContent).toBe('Upload failed');
    expect(item.textContent).toContain("You're not allowed to upload this file.");
    expect(item.textContent).not.toContain('storage/unauthorized');
  });
});
