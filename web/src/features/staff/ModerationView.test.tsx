import type { ModerationEntry, Report } from '@encore/model';
import { render as renderDom, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { IntlProvider } from 'react-intl';
import { describe, expect, it, vi } from 'vitest';
import type { WithId } from '../../firebase/to-model';
import { photoFixture } from '../photos/photo-fixtures';
import { moderationQueue } from './moderation-items';
import { ModerationView } from './ModerationView';

// Hidden photos are read signed in through the Storage SDK (StaffPhotoImage.tsx): here it answers at once.
vi.mock('firebase/storage', () => ({ ref: (_storage: unknown, path: string) => ({ path }), getBlob: () => Promise.resolve(new Blob(['jpeg'])) }));
vi.mock('../../firebase/storage', () => ({ storage: () => ({}) }));
URL.createObjectURL = () => 'blob:hidden-photo';
URL.revokeObjectURL = () => undefined;

const render = (ui: ReactElement) =>
  renderDom(
    <IntlProvider locale="en" defaultLocale="en" timeZone="UTC">
      {ui}
    </IntlProvider>,
  );

const AT = new Date(Date.UTC(2026, 7, 15, 20, 30));
const entry = (id: string, fields: Partial<ModerationEntry>): WithId<ModerationEntry> => ({
  id,
  photoId: id,
  reports: 0,
  trustedReporters: 0,
  reasons: {},
  autoHiddenAt: null,
  autoHiddenAfter: null,
  decision: 'pending',
  decidedBy: null,
  decidedAt: null,
  lastReportAt: AT,
  createdAt: AT,
  updatedAt: AT,
  ...fields,
});
const report = (photoId: string, minute: number, details: string): Report => ({
  photoId,
  reporterUid: `reporter-${minute}`,
  reason: 'privacy',
  createdAt: new Date(Date.UTC(2026, 7, 15, 20, minute)),
  details,
});

const photos = [
  photoFixture({ id: 'calm', reportCount: 0 }),
  photoFixture({ id: 'reported-once', reportCount: 1 }),
  photoFixture({ id: 'reported-thrice', reportCount: 3 }),
  photoFixture({ id: 'auto-hidden', status: 'hidden', reportCount: 4 }),
  photoFixture({ id: 'staff-hidden', status: 'hidden', reportCount: 0 }),
  photoFixture({ id: 'restored', reportCount: 5 }),
];
const entries = [
  entry('reported-once', { reports: 1, trustedReporters: 1, reasons: { other: 1 } }),
  entry('reported-thrice', { reports: 3, trustedReporters: 2, reasons: { privacy: 2, spam: 1 } }),
  entry('auto-hidden', { reports: 4, trustedReporters: 3, reasons: { inappropriate: 4 }, autoHiddenAt: AT, autoHiddenAfter: 3 }),
  entry('staff-hidden', { decision: 'hidden', decidedBy: { uid: 'sam', name: 'sam@encore.test' }, decidedAt: AT }),
  entry('restored', { reports: 5, trustedReporters: 3, reasons: { spam: 5 }, autoHiddenAt: AT, autoHiddenAfter: 3, decision: 'restored', decidedBy: { uid: 'ada', name: null }, decidedAt: AT }),
];
const reports = [report('reported-thrice', 1, 'That is me, please remove'), report('reported-thrice', 2, 'Me too')];
const queue = () => moderationQueue(photos, entries, reports);

describe('the moderation queue', () => {
  it('orders visible reported photos first (most trusted reporters first), then hidden ones', () => {
    expect(queue().map((item) => item.photo.id)).toEqual(['restored', 'reported-thrice', 'reported-once', 'auto-hidden', 'staff-hidden']);
  });

  it('shows reasons with counts, how many reporters were trusted, and what reporters wrote', () => {
    render(<ModerationView items={queue()} pendingIds={new Set()} onHide={vi.fn()} onRestore={vi.fn()} />);
    const item = screen.getByRole('listitem', { name: 'Photo reported-thrice' });
    expect(item.textContent).toContain('Visible · 3 reports, 2 from trusted accounts');
    expect(item.textContent).toContain('Shows me or someone without consent ×2, Spam or advertising ×1');
    expect(within(item).getByText('“Me too”')).toBeTruthy();
    expect(within(item).getByText('“That is me, please remove”')).toBeTruthy();
  });

  it('issue 24: shows which reports did not count towards hiding and why, and a photo held for staff by the hourly cap', () => {
    const crowd = [photoFixture({ id: 'crowd-target', reportCount: 5 })];
    const held = entry('crowd-target', { reports: 5, trustedReporters: 3, reasons: { spam: 5 }, notCounted: { 'new-account': 1, 'no-history': 1 }, heldAt: AT, heldBecause: 'auto-hide-cap' });
    render(<ModerationView items={moderationQueue(crowd, [held], [])} pendingIds={new Set()} onHide={vi.fn()} onRestore={vi.fn()} />);
    const item = screen.getByRole('listitem', { name: 'Photo crowd-target' });
    expect(item.textContent).toContain('Not counted towards hiding: new account ×1, no earlier use of the app ×1');
    expect(item.textContent).toContain('Waiting for you: enough trusted reports to hide it, but the festival reached its automatic hides for the hour (Aug 15, 2026, 8:30 PM)');
  });

  it('says why a photo is hidden: automatically after N trusted reports, or by whom on the staff', () => {
    render(<ModerationView items={queue()} pendingIds={new Set()} onHide={vi.fn()} onRestore={vi.fn()} />);
    expect(screen.getByRole('listitem', { name: 'Photo auto-hidden' }).textContent).toContain('Hidden automatically after 3 trusted reports (Aug 15, 2026, 8:30 PM)');
    expect(screen.getByRole('listitem', { name: 'Photo staff-hidden' }).textContent).toContain('Hidden · no reports, 0 from trusted accountsHidden by sam@encore.test (Aug 15, 2026, 8:30 PM)');
    expect(screen.getByRole('listitem', { name: 'Photo restored' }).textContent).toContain('Restored by ada (Aug 15, 2026, 8:30 PM)');
  });

  it('hides a visible photo and restores a hidden one, and shows a decision in flight as saving', async () => {
    const onHide = vi.fn();
    const onRestore = vi.fn();
    render(<ModerationView items={queue()} pendingIds={new Set(['staff-hidden'])} onHide={onHide} onRestore={onRestore} />);
    await userEvent.click(screen.getByRole('button', { name: 'Hide from the wall: Photo reported-once' }));
    expect(onHide).toHaveBeenCalledWith('reported-once');
    await userEvent.click(screen.getByRole('button', { name: 'Restore to the wall: Photo auto-hidden' }));
    expect(onRestore).toHaveBeenCalledWith('auto-hidden');
    const saving = screen.getByRole('listitem', { name: 'Photo staff-hidden' });
    expect(saving.textContent).toContain('· saving…');
    expect(within(saving).getByRole('button', { name: 'Restore to the wall: Photo staff-hidden' }).hasAttribute('disabled')).toBe(true);
  });

  it('serves every thumbnail format with a srcset for the browser to choose from', () => {
    render(<ModerationView items={queue()} pendingIds={new Set()} onHide={vi.fn()} onRestore={vi.fn()} />);
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
