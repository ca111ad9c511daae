import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { BrandImageDoc, MediaSubject } from '@encore/model';
import { renderWithIntl } from '../../i18n/test-utils';
import { BrandImages } from './BrandImages';

/** The two brand documents as their listeners report them, by path; the upload helper replaced. */
let docs: Record<string, Partial<BrandImageDoc> | null> = {};
const uploads: Array<{ festivalId: string; subject: MediaSubject; name: string }> = [];
vi.mock('firebase/firestore', () => ({ doc: (_db: unknown, path: string) => ({ path }) }));
vi.mock('../../firebase/firestore', () => ({ db: () => ({}) }));
vi.mock('../../firebase/live', () => ({
  useLiveDocument: (ref: { path: string }) => ({ data: docs[ref.path] ?? null, status: 'ready', error: null, hasPendingWrites: false, fromCache: false }),
}));
vi.mock('../staff/api/upload-staff-image', () => ({
  uploadStaffImage: (festivalId: string, subject: MediaSubject, file: File) => {
    uploads.push({ festivalId, subject, name: file.name });
    return { uploadId: 'up-1', done: Promise.resolve(), cancel: () => {} };
  },
}));

const image = {
  uploadId: 'old-1',
  width: 800,
  height: 400,
  renditions: [{ width: 480, height: 240, path: 'media/zk-2027/brand/logo/old-1/480.jpg', contentType: 'image/jpeg' }],
  dominantColor: '#223344',
  placeholder: '',
  updatedAt: new Date(),
} as unknown as NonNullable<BrandImageDoc['image']>;

beforeEach(() => {
  docs = {};
  uploads.length = 0;
});

describe('BrandImages', () => {
  it('says what the logo and the icon are for, and what the icon needs', () => {
    renderWithIntl(<BrandImages festivalId="zk-2027" />);
    expect(screen.getByRole('group', { name: 'Logo' }).textContent).toContain('Shown in the app’s header beside the festival’s name');
    expect(screen.getByRole('group', { name: 'App icon' }).textContent).toContain('square, at least 512 × 512 pixels');
    expect(screen.getAllByRole('button', { name: 'Upload an image' })).toHaveLength(2);
  });

  it('shows the current logo from festivals/{f}/brand/logo, and sends a new icon as the brand icon subject', async () => {
    const user = userEvent.setup({ delay: null });
    docs['festivals/zk-2027/brand/logo'] = { image };
    renderWithIntl(<BrandImages festivalId="zk-2027" />);
    expect(screen.getByRole('img', { name: 'The current logo' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Logo' }).querySelector('button')!.textContent).toBe('Replace image');
    const iconInput = screen.getByRole('group', { name: 'App icon' }).querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(iconInput, new File([new Uint8Array(10)], 'icon.png', { type: 'image/png' }));
    await waitFor(() => expect(uploads).toEqual([{ festivalId: 'zk-2027', subject: { kind: 'brand', image: 'icon' }, name: 'icon.png' }]));
  });

  it('refuses an app icon that is not square or too small before sending it, and sends one that fits', async () => {
    const user = userEvent.setup({ delay: null });
    // jsdom decodes no images: the browser's decoder is faked with the size each file name says.
    vi.stubGlobal('createImageBitmap', async (file: File) => {
      const [width, height] = file.name.replace('.png', '').split('x').map(Number);
      return { width, height, close: () => {} };
    });
    try {
      renderWithIntl(<BrandImages festivalId="zk-2027" />);
      const group = screen.getByRole('group', { name: 'App icon' });
      const input = group.querySelector<HTMLInputElement>('input[type="file"]')!;
      const png = (name: string) => new File([new Uint8Array(10)], name, { type: 'image/png' });
      await user.upload(input, png('800x600.png'));
      expect(await screen.findByText('This image is 800 × 600 pixels: the app icon must be square. Crop it to a square first.')).toBeTruthy();
      await user.upload(input, png('256x256.png'));
      expect(await screen.findByText('This image is 256 × 256 pixels: the app icon needs at least 512 × 512.')).toBeTruthy();
      expect(uploads).toEqual([]);
      await user.upload(input, png('1024x1024.png'));
      await waitFor(() => expect(uploads.map((upload) => upload.name)).toEqual(['1024x1024.png']));
      // The logo may have any shape.
      await user.upload(screen.getByRole('group', { name: 'Logo' }).querySelector<HTMLInputElement>('input[type="file"]')!, png('800x200.png'));
      await waitFor(() => expect(uploads.map((upload) => upload.name)).toEqual(['1024x1024.png', '800x200.png']));
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('shows why an upload was refused', () => {
    docs['festivals/zk-2027/brand/icon'] = { imageUpload: { uploadId: 'up-0', status: 'rejected', rejectReason: 'The icon must be square.', updatedAt: new Date() } as never };
    renderWithIntl(<BrandImages festivalId="zk-2027" />);
    expect(screen.getByRole('group', { name: 'App icon' }).textContent).toContain('Not used: The icon must be square.');
  });

  it('speaks Dutch', () => {
    renderWithIntl(<BrandImages festivalId="zk-2027" />, { locale: 'nl' });
    expect(screen.getByRole('heading', { name: 'Logo en app-icoon' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'App-icoon' }).textContent).toContain('minstens 512 × 512 pixels');
  });
});
