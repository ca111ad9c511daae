import type { UploaderSuspension } from '@encore/model';
import { render as renderDom, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { createIntl, IntlProvider } from 'react-intl';
import { describe, expect, it, vi } from 'vitest';
import { describeError } from '../../errors/describe-error';
import { photoFixture } from '../photos/photo-fixtures';
import { DEFAULT_QUEUE_VIEW, moderationQueue } from './moderation-items';
import { ModerationToolbar } from './ModerationToolbar';
import { ModerationView, type QueueActions } from './ModerationView';

const render = (ui: ReactElement) =>
  renderDom(
    <IntlProvider locale="en" defaultLocale="en" timeZone="UTC">
      {ui}
    </IntlProvider>,
  );

const AT = new Date(Date.UTC(2026, 7, 15, 20, 30));
const items = moderationQueue(
  [
    photoFixture({ id: 'by-vera', reportCount: 2, uploaderUid: 'vera', uploaderName: 'Vera' }),
    photoFixture({ id: 'by-otto', reportCount: 1, uploaderUid: 'otto' }),
    photoFixture({ id: 'by-lifted', reportCount: 1, uploaderUid: 'lia', uploaderName: 'Lia' }),
  ],
  [],
  [],
);
const suspended: UploaderSuspension = { active: true, reason: 'Photos of strangers', suspendedBy: 'sam', suspendedAt: AT, liftedBy: null, liftedAt: null };
const lifted: UploaderSuspension = { ...suspended, active: false, liftedBy: 'ada', liftedAt: AT };

function actions(overrides: Partial<QueueActions> = {}): QueueActions {
  return {
    selectedIds: new Set(),
    onToggleSelected: vi.fn(),
    suspensions: new Map([
      ['vera', suspended],
      ['lia', lifted],
    ]),
    suspensionPending: new Set(),
    staffName: (uid) => ({ sam: 'sam@festival.example', ada: 'Ada de Vries' })[uid] ?? uid,
    onSuspend: vi.fn(),
    onLift: vi.fn(),
    ...overrides,
  };
}

describe('suspending an uploader from the queue', () => {
  it('shows who suspended an uploader (by name, the id in the tooltip), why and when, and lifts it', async () => {
    const onLift = vi.fn();
    render(<ModerationView items={items} pendingIds={new Set()} onHide={vi.fn()} onRestore={vi.fn()} actions={actions({ onLift })} />);
    const item = screen.getByRole('listitem', { name: 'Photo by-vera' });
    expect(item.textContent).toContain('Uploaded by Vera · Suspended');
    expect(item.textContent).toContain('Uploads and reports suspended by sam@festival.example (Aug 15, 2026, 8:30 PM): “Photos of strangers”');
    expect(within(item).getByText('Vera').getAttribute('title')).toBe('vera');
    expect(within(item).getByText('sam@festival.example').getAttribute('title')).toBe('sam');
    await userEvent.click(within(item).getByRole('button', { name: 'Lift suspension: Vera' }));
    expect(onLift).toHaveBeenCalledWith('vera');
  });

  it('shows a lifted suspension with who lifted it, and offers to suspend again', () => {
    render(<ModerationView items={items} pendingIds={new Set()} onHide={vi.fn()} onRestore={vi.fn()} actions={actions()} />);
    const item = screen.getByRole('listitem', { name: 'Photo by-lifted' });
    expect(item.textContent).toContain('Suspension lifted by Ada de Vries (Aug 15, 2026, 8:30 PM); it was: “Photos of strangers”');
    expect(within(item).getByRole('button', { name: 'Suspend uploader: Lia (uploads and reports)' })).toBeTruthy();
  });

  it('names an uploader without a display name as such (the id in the tooltip), asks why and for how long, and suspends with both', async () => {
    const onSuspend = vi.fn();
    render(<ModerationView items={items} pendingIds={new Set()} onHide={vi.fn()} onRestore={vi.fn()} actions={actions({ onSuspend })} />);
    const item = screen.getByRole('listitem', { name: 'Photo by-otto' });
    expect(item.textContent).toContain('Uploaded by a visitor without a display name');
    expect(item.textContent).not.toContain('Uploaded by otto');
    expect(within(item).getByText('a visitor without a display name').getAttribute('title')).toBe('otto');
    await userEvent.click(within(item).getByRole('button', { name: 'Suspend uploader: a visitor without a display name (uploads and reports)' }));
    const confirm = within(item).getByRole('button', { name: 'Suspend uploads and reports' });
    expect(confirm.hasAttribute('disabled')).toBe(true);
    await userEvent.type(within(item).getByRole('textbox', { name: /Why suspend a visitor without a display name\?/ }), 'Spam, again and again');
    await userEvent.click(within(item).getByRole('radio', { name: '3 days' }));
    const before = Date.now();
    await userEvent.click(confirm);
    const [uid, reason, until] = onSuspend.mock.calls[0]! as [string, string, Date];
    expect([uid, reason]).toEqual(['otto', 'Spam, again and again']);
    expect(until.getTime() - before).toBeGreaterThanOrEqual(72 * 3_600_000 - 1_000);
    expect(until.getTime() - before).toBeLessThanOrEqual(72 * 3_600_000 + 5_000);
  }, 15_000);

  it('suspends until staff lift it when asked', async () => {
    const onSuspend = vi.fn();
    render(<ModerationView items={items} pendingIds={new Set()} onHide={vi.fn()} onRestore={vi.fn()} actions={actions({ onSuspend })} />);
    const item = screen.getByRole('listitem', { name: 'Photo by-otto' });
    await userEvent.click(within(item).getByRole('button', { name: /Suspend uploader/ }));
    await userEvent.type(within(item).getByRole('textbox', { name: /Why suspend/ }), 'Spam');
    await userEvent.click(within(item).getByRole('radio', { name: 'Until staff lift it' }));
    await userEvent.click(within(item).getByRole('button', { name: 'Suspend uploads and reports' }));
    expect(onSuspend).toHaveBeenCalledWith('otto', 'Spam', null);
  }, 15_000);

  it('shows until when a suspension holds, and one whose end passed as ended, offering to suspend again', () => {
    const later = new Date(Date.now() + 86_400_000);
    const earlier = new Date(Date.now() - 60_000);
    render(
      <ModerationView
        items={items}
        pendingIds={new Set()}
        onHide={vi.fn()}
        onRestore={vi.fn()}
        actions={actions({ suspensions: new Map([['vera', { ...suspended, until: later }], ['lia', { ...suspended, until: earlier }]]) })}
      />,
    );
    const at = (date: Date) => createIntl({ locale: 'en', timeZone: 'UTC' }).formatDate(date, { dateStyle: 'medium', timeStyle: 'short' });
    const vera = screen.getByRole('listitem', { name: 'Photo by-vera' });
    expect(vera.textContent).toContain(`Uploads and reports suspended by sam@festival.example (Aug 15, 2026, 8:30 PM) until ${at(later)}: “Photos of strangers”`);
    const lia = screen.getByRole('listitem', { name: 'Photo by-lifted' });
    expect(lia.textContent).not.toContain('Suspended');
    expect(lia.textContent).toContain(`A suspension by sam@festival.example ended ${at(earlier)}; it was: “Photos of strangers”`);
    expect(within(lia).getByRole('button', { name: 'Suspend uploader: Lia (uploads and reports)' })).toBeTruthy();
  });

  it('selects a photo for a batch with a labelled checkbox', async () => {
    const onToggleSelected = vi.fn();
    render(<ModerationView items={items} pendingIds={new Set()} onHide={vi.fn()} onRestore={vi.fn()} actions={actions({ selectedIds: new Set(['by-vera']), onToggleSelected })} />);
    expect((screen.getByRole('checkbox', { name: 'Select Photo by-vera' }) as HTMLInputElement).checked).toBe(true);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Photo by-otto' }));
    expect(onToggleSelected).toHaveBeenCalledWith('by-otto');
  });
});

describe('the batch bar', () => {
  const toolbar = (props: Partial<Parameters<typeof ModerationToolbar>[0]>) => (
    <ModerationToolbar
      view={DEFAULT_QUEUE_VIEW}
      onViewChange={vi.fn()}
      sets={[]}
      shownIds={['a', 'b', 'c']}
      selectedIds={new Set()}
      onSelect={vi.fn()}
      onBulk={vi.fn()}
      progress={null}
      {...props}
    />
  );

  it('selects every photo shown, and hides or restores the selection', async () => {
    const onSelect = vi.fn();
    const onBulk = vi.fn();
    const { rerender } = render(toolbar({ onSelect, onBulk }));
    expect(screen.getByRole('button', { name: 'Hide selected' }).hasAttribute('disabled')).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Select all 3 shown' }));
    expect([...(onSelect.mock.calls[0]![0] as Set<string>)]).toEqual(['a', 'b', 'c']);
    rerender(
      <IntlProvider locale="en" defaultLocale="en" timeZone="UTC">
        {toolbar({ onSelect, onBulk, selectedIds: new Set(['a', 'c']) })}
      </IntlProvider>,
    );
    expect(screen.getByText('2 selected')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Hide selected' }));
    await userEvent.click(screen.getByRole('button', { name: 'Restore selected' }));
    expect(onBulk.mock.calls).toEqual([['hide'], ['restore']]);
  });

  it('shows a running batch’s progress, which photos failed and why, and waits for it to finish', () => {
    const failure = Object.assign(new Error('denied'), { code: 'functions/permission-denied' });
    render(toolbar({ selectedIds: new Set(['a']), progress: { total: 4, done: 2, failed: [{ photoId: 'b', error: failure }] } }));
    const status = screen.getByRole('status');
    expect(status.textContent).toContain('2 of 4 done, 1 failed');
    const why = createIntl({ locale: 'en', defaultLocale: 'en' }).formatMessage(describeError(failure).message);
    expect(why.length).toBeGreaterThan(0);
    expect(within(status).getByRole('listitem').textContent).toBe(`Photo b: ${why}`);
    expect((screen.getByRole('progressbar') as HTMLProgressElement).value).toBe(2);
    expect(screen.getByRole('button', { name: 'Hide selected' }).hasAttribute('disabled')).toBe(true);
  });
});
