import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithIntl } from '../../i18n/test-utils';
import { VerifyEmailToUpload } from './VerifyEmailToUpload';

describe('an unverified account on the upload page (issue 24)', () => {
  it('says why uploading is refused and how to verify, sends the link, then refreshes once they have opened it', async () => {
    const onSend = vi.fn(() => Promise.resolve());
    const onVerified = vi.fn(() => Promise.resolve());
    renderWithIntl(<VerifyEmailToUpload email="sam@example.com" onSend={onSend} onVerified={onVerified} />);
    expect(screen.getByText(/To share photos, first verify your email address \(sam@example\.com\)/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Email me a verification link' }));
    expect(onSend).toHaveBeenCalledOnce();
    expect(screen.getByRole('status').textContent).toMatch(/We sent you a link/);
    await userEvent.click(screen.getByRole('button', { name: 'I have verified it' }));
    expect(onVerified).toHaveBeenCalledOnce();
  });

  it('says it in Dutch too', () => {
    renderWithIntl(<VerifyEmailToUpload email={null} onSend={() => Promise.resolve()} onVerified={() => Promise.resolve()} />, { locale: 'nl' });
    expect(screen.getByText(/^Bevestig eerst je e-mailadres om foto's te delen\. Zo blijft de fotomuur/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Stuur me een bevestigingslink' })).toBeTruthy();
  });
});
