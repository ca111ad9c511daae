import type { Report } from '@encore/model';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { photoFixture } from '../photos/photo-fixtures';
import { moderationQueue } from './moderation-items';
import { ModerationView } from './ModerationView';

const report = (photoId: string, reason: Report['reason'], minute: number, details?: string): Report => ({
  photoId,
  reporterUid: `reporter-${minute}`,
  reason,
  createdAt: new Date(Date.UTC(2026, 7, 15, 20, minute)),
  ...(details ? { details } : {}),
});

const photos = [
  photoFixture({ id: 'calm', reportCount: 0 }),
  photoFixture({ id: 'reported-once', reportCount: 1 }),
  photoFixture({ id: 'reported-thrice', reportCount: 3 }),
  photoFixture({ id: 'hidden', status: 'hidden', reportCount: 2 }),
];
const reports = [
  report('reported-thrice', 'privacy', 1, 'That is me, please remove'),
  report('reported-thrice', 'privacy', 2),
  report('reported-thrice', 'spam', 3),
  report('reported-once', 'other', 4),
  report('hidden', 'inappropriate', 5),
];

describe('the moderation queue', () => {
  it('orders visible reported photos first (most reported first), then hidden ones', () => {
    expect(moderationQueue(photos, reports).map((item) => item.photo.id)).toEqual(['reported-thrice', 'reported-once', 'hidden']);
  });

  it('summarises the reasons and shows what reporters wrote', () => {
    render(<ModerationView items={moderationQueue(photos, reports)} pendingIds={new Set()} onHide={vi.fn()} onRestore={vi.fn()} />);
    const item = screen.getByRole('listitem', { name: 'Photo reported-thrice' });
    expect(item.textContent).toContain('Visible · 3 reports');
    expect(item.textContent).toContain('privacy ×2, spam ×1');
    expect(within(item).getByText('“That is me, please remove”')).toBeTruthy();
  });

  it('hides a visible photo and restores a hidden one', async () => {
    const onHide = vi.fn();
    const onRestore = vi.fn();
    render(<ModerationView items={moderationQueue(photos, reports)} pendingIds={new Set(['hidden'])} onHide={onHide} onRestore={onRestore} />);
    await userEvent.click(screen.getByRole('button', { name: 'Hide from the wall: Photo reported-once' }));
    expect(onHide).toHaveBeenCalledWith('reported-once');
    const hidden = screen.getByRole('listitem', { name: 'Photo hidden' });
    expect(hidden.textContent).toContain('Hidden · 2 reports · saving…');
    await userEvent.click(within(hidden).getByRole('button', { name: 'Restore to the wall: Photo hidden' }));
    expect(onRestore).toHaveBeenCalledWith('hidden');
    expect(within(hidden).queryByRole('button', { name: /^Hide/ })).toBeNull();
  });

  it('serves every thumbnail format with a srcset for the browser to choose from', () => {
    render(<ModerationView items={moderationQueue(photos, reports)} pendingIds={new Set()} onHide={vi.fn()} onRestore={vi.fn()} />);
    const item = screen.getByRole('listitem', { name: 'Photo reported-once' });
    const sources = [...item.querySelectorAll('source')].map((source) => source.getAttribute('type'));
    expect(sources).toEqual(['image/avif', 'image/webp']);
    expect(item.querySelector('img')!.getAttribute('srcset')).toMatch(/320\.jpg\?alt=media 320w, .*800\.jpg\?alt=media 800w/);
  });

  it('says so when there is nothing to review', () => {
    render(<ModerationView items={[]} pendingIds={new Set()} onHide={vi.fn()} onRestore={vi.fn()} />);
    expect(screen.getByText('Nothing to review: no reported or hidden photos.')).toBeTruthy();
  });
});
