import { render as renderDom, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { IntlProvider } from 'react-intl';
import { describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { AlreadyReportedError, ReportLimitError } from './api/report-photo';
import { ReportPhotoPanel, type ReportStanding } from './ReportPhotoPanel';

const render = (ui: ReactElement) =>
  renderDom(
    <IntlProvider locale="en" defaultLocale="en" timeZone="UTC">
      <Router>{ui}</Router>
    </IntlProvider>,
  );

const panel = (standing: ReportStanding, handlers: Partial<{ onSend: () => Promise<void>; onVerifyEmail: () => Promise<void> }> = {}) => (
  <ReportPhotoPanel standing={standing} onSend={handlers.onSend ?? vi.fn()} onVerifyEmail={handlers.onVerifyEmail ?? vi.fn()} onClose={vi.fn()} />
);

describe('the report dialog', () => {
  it('sends the chosen reason and details when the person may report', async () => {
    const onSend = vi.fn().mockResolvedValue(undefined);
    render(panel({ kind: 'can-report' }, { onSend }));
    await userEvent.click(screen.getByRole('radio', { name: 'Shows me or someone without consent' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Anything staff should know? (optional)' }), 'That is me.');
    await userEvent.click(screen.getByRole('button', { name: 'Send report' }));
    expect(onSend).toHaveBeenCalledWith('privacy', 'That is me.');
  });

  it('explains that a new, unverified account can report from a date, and sends a verification link', async () => {
    const onVerifyEmail = vi.fn().mockResolvedValue(undefined);
    render(panel({ kind: 'not-yet', trustedFrom: new Date('2026-08-19T20:00:00Z') }, { onVerifyEmail }));
    expect(screen.getByText(/new accounts can report photos once their email address is verified, or from August 19, 2026\./)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send report' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Email me a verification link' }));
    expect(onVerifyEmail).toHaveBeenCalledOnce();
    expect((await screen.findByRole('status')).textContent).toBe('We sent you a link. Open it, then come back and report the photo.');
  });

  it('says a person has reported the photo already, instead of offering the form, with a way out', async () => {
    const onClose = vi.fn();
    render(<ReportPhotoPanel standing={{ kind: 'reported' }} onSend={vi.fn()} onVerifyEmail={vi.fn()} onClose={onClose} />);
    expect(screen.getByRole('status').textContent).toBe('You have reported this photo. Festival staff will look at it; there is no need to report it again.');
    expect(screen.queryByRole('button', { name: 'Send report' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('tells a suspended person they are suspended from reporting and until when, instead of the form (issue 36)', () => {
    const { unmount } = render(panel({ kind: 'suspended', until: new Date('2026-08-16T20:30:00Z') }));
    expect(screen.getByRole('status').textContent).toBe('You are suspended from reporting photos at this festival until Aug 16, 2026, 8:30 PM.');
    expect(screen.queryByRole('button', { name: 'Send report' })).toBeNull();
    unmount();
    render(panel({ kind: 'suspended', until: null }));
    expect(screen.getByRole('status').textContent).toBe('You are suspended from reporting photos at this festival until the festival’s staff lift it.');
  });

  it('asks guests to sign in with an email account', () => {
    render(panel({ kind: 'needs-account' }));
    expect(screen.getByRole('link', { name: 'sign in with an email account' }).getAttribute('href')).toBe('/account');
  });

  it('says until when the person has used up their reports, and when the photo was reported meanwhile', async () => {
    const onSend = vi.fn().mockRejectedValueOnce(new ReportLimitError(new Date('2026-08-15T21:05:00Z'))).mockRejectedValueOnce(new AlreadyReportedError('x'));
    render(panel({ kind: 'can-report' }, { onSend }));
    await userEvent.click(screen.getByRole('button', { name: 'Send report' }));
    expect((await screen.findByRole('alert')).textContent).toBe('You have sent 10 reports in the last hour. You can report again at 9:05 PM.');
    await userEvent.click(screen.getByRole('button', { name: 'Send report' }));
    expect((await screen.findByRole('status')).textContent).toContain('You have reported this photo.');
  });
});
