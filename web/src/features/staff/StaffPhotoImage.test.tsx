import { render, screen, waitFor } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { photoFixture } from '../photos/photo-fixtures';
import { StaffPhotoImage } from './StaffPhotoImage';

const getBlob = vi.fn<(ref: { path: string }) => Promise<Blob>>();
vi.mock('firebase/storage', () => ({ ref: (_storage: unknown, path: string) => ({ path }), getBlob: (ref: { path: string }) => getBlob(ref) }));
vi.mock('../../firebase/storage', () => ({ storage: () => ({}) }));

const show = (status: 'ready' | 'hidden') =>
  render(
    <IntlProvider locale="en" defaultLocale="en">
      <StaffPhotoImage photo={photoFixture({ id: 'ph1', status })} sizes="260px" alt="Hidden photo under review" width={320} />
    </IntlProvider>,
  );

describe('a photo in the moderation queue', () => {
  beforeEach(() => {
    getBlob.mockReset();
    URL.createObjectURL = vi.fn(() => 'blob:hidden-ph1');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => vi.restoreAllMocks());

  it('hidden: is read signed in through the Storage SDK (a plain link answers 403) and shown as it is', async () => {
    getBlob.mockResolvedValue(new Blob(['jpeg']));
    show('hidden');
    await waitFor(() => expect(screen.getByRole('img', { name: 'Hidden photo under review' }).getAttribute('src')).toBe('blob:hidden-ph1'));
    expect(getBlob).toHaveBeenCalledWith({ path: 'photos/encore-2026/ph1/320.jpg' });
  });

  it('hidden, and the read refused: says the image could not be loaded', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    getBlob.mockRejectedValue(Object.assign(new Error('403'), { code: 'storage/unauthorized' }));
    show('hidden');
    expect(await screen.findByRole('img', { name: 'Hidden photo under review (the image could not be loaded)' })).toBeTruthy();
  });

  it('ready: links to the public renditions, without the SDK', () => {
    show('ready');
    expect(screen.getByRole('img', { name: 'Hidden photo under review' }).getAttribute('src')).toContain('/o/photos%2Fencore-2026%2Fph1%2F320.jpg?alt=media');
    expect(getBlob).not.toHaveBeenCalled();
  });
});
