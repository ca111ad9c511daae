import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithIntl } from '../../i18n/test-utils';
import { EnrolAuthenticatorForm, groupedKey } from './EnrolAuthenticatorForm';

// The Auth emulator has no authenticator apps (TOTP), so this screen's SDK calls are
// stood in for here: what is proven is the screen, not Identity Platform.
const finish = vi.fn<(code: string, name: string) => Promise<void>>();
const startAuthenticatorEnrolment = vi.fn();
vi.mock('../../firebase/second-factor', () => ({ startAuthenticatorEnrolment: (issuer: string) => startAuthenticatorEnrolment(issuer) }));

beforeEach(() => {
  finish.mockReset().mockResolvedValue(undefined);
  startAuthenticatorEnrolment.mockReset().mockResolvedValue({
    secretKey: 'JBSWY3DPEHPK3PXPJBSWY3DP',
    link: 'otpauth://totp/Encore:sam%40encore.test?secret=JBSWY3DPEHPK3PXPJBSWY3DP&issuer=Encore',
    finish,
  });
});

describe('EnrolAuthenticatorForm', () => {
  it('groups the setup key in fours, as authenticator apps show it', () => {
    expect(groupedKey('JBSWY3DPEHPK3PXP')).toBe('JBSW Y3DP EHPK 3PXP');
    expect(groupedKey('ABCDEF')).toBe('ABCD EF');
  });

  it('shows the secret as a link and a key, then enrols the app with its code and name', async () => {
    const user = userEvent.setup({ delay: null });
    const onEnrolled = vi.fn();
    renderWithIntl(<EnrolAuthenticatorForm onEnrolled={onEnrolled} />);
    await user.click(screen.getByRole('button', { name: 'Set up an authenticator app' }));
    expect(startAuthenticatorEnrolment).toHaveBeenCalledWith('Encore');
    const link = await screen.findByRole('link', { name: 'Open in authenticator app' });
    expect(link.getAttribute('href')).toMatch(/^otpauth:\/\/totp\/Encore:/);
    expect(screen.getByLabelText('Setup key').textContent).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP');
    await user.clear(screen.getByRole('textbox', { name: 'Name for this app' }));
    await user.type(screen.getByRole('textbox', { name: 'Name for this app' }), 'Phone authenticator');
    await user.type(screen.getByRole('textbox', { name: 'Code the app shows' }), '246810');
    await user.click(screen.getByRole('button', { name: 'Add this app' }));
    await waitFor(() => expect(onEnrolled).toHaveBeenCalledWith('Phone authenticator'));
    expect(finish).toHaveBeenCalledWith('246810', 'Phone authenticator');
  });

  it('speaks Dutch', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithIntl(<EnrolAuthenticatorForm onEnrolled={() => {}} />, { locale: 'nl' });
    await user.click(screen.getByRole('button', { name: 'Authenticator-app instellen' }));
    expect(await screen.findByRole('link', { name: 'Openen in authenticator-app' })).toBeTruthy();
  });
});
