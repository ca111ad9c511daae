import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { EnrolledFactor, SecondFactorChallenge } from '../../firebase/second-factor';
import { renderWithIntl } from '../../i18n/test-utils';
import { SecondFactorSignIn } from './SecondFactorSignIn';

const phone: EnrolledFactor = { uid: 'f-phone', kind: 'phone', displayName: 'Work phone', phoneNumber: '+*******0101', enrolledAt: null };
const app: EnrolledFactor = { uid: 'f-app', kind: 'totp', displayName: null, phoneNumber: null, enrolledAt: null };

/** A challenge as second-factor.ts makes one, over the SDK; here its calls are recorded. */
function challenge(hints: EnrolledFactor[], overrides: Partial<SecondFactorChallenge> = {}): SecondFactorChallenge {
  return {
    hints,
    sendCode: vi.fn<SecondFactorChallenge['sendCode']>().mockResolvedValue('verification-1'),
    finishWithPhone: vi.fn<SecondFactorChallenge['finishWithPhone']>().mockResolvedValue(undefined),
    finishWithAuthenticator: vi.fn<SecondFactorChallenge['finishWithAuthenticator']>().mockResolvedValue(undefined),
    ...overrides,
  };
}

describe('SecondFactorSignIn', () => {
  it('texts a code to the phone, takes its digits only, and finishes the sign-in with them', async () => {
    const user = userEvent.setup({ delay: null });
    const onSignedIn = vi.fn();
    const steps = challenge([phone]);
    renderWithIntl(<SecondFactorSignIn challenge={steps} onSignedIn={onSignedIn} onCancel={() => {}} />);
    expect(screen.getByRole('heading', { name: 'Second step: your code' })).toBeTruthy();
    expect(screen.getByText('Work phone (+*******0101)')).toBeTruthy();
    // No code field before a code was sent.
    expect(screen.queryByLabelText('Code from the text message', { exact: false })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Text me a code' }));
    expect(steps.sendCode).toHaveBeenCalledWith('f-phone', expect.any(HTMLDivElement));
    expect(await screen.findByText('We texted a code to +*******0101.')).toBeTruthy();
    const field = screen.getByRole('textbox', { name: 'Code from the text message' });
    expect(field.getAttribute('autocomplete')).toBe('one-time-code');
    expect(field.getAttribute('inputmode')).toBe('numeric');

    const verify = screen.getByRole('button', { name: 'Verify and sign in' });
    expect((verify as HTMLButtonElement).disabled).toBe(true);
    await user.type(field, '12 3a4-567');
    expect((field as HTMLInputElement).value).toBe('123456');
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledTimes(1));
    expect(steps.finishWithPhone).toHaveBeenCalledWith('verification-1', '123456');
  });

  it('says a wrong code is wrong, and keeps the person on the step', async () => {
    const user = userEvent.setup({ delay: null });
    const onSignedIn = vi.fn();
    const steps = challenge([phone], {
      finishWithPhone: vi.fn<SecondFactorChallenge['finishWithPhone']>().mockRejectedValue(Object.assign(new Error('wrong'), { code: 'auth/invalid-verification-code' })),
    });
    renderWithIntl(<SecondFactorSignIn challenge={steps} onSignedIn={onSignedIn} onCancel={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Text me a code' }));
    await user.type(await screen.findByRole('textbox', { name: 'Code from the text message' }), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    expect((await screen.findByRole('alert')).textContent).toContain("That code isn't right.");
    expect(onSignedIn).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Send a new code' })).toBeTruthy();
  });

  it('lets the person choose between their factors; an authenticator app needs no text', async () => {
    const user = userEvent.setup({ delay: null });
    const onSignedIn = vi.fn();
    const steps = challenge([phone, app]);
    renderWithIntl(<SecondFactorSignIn challenge={steps} onSignedIn={onSignedIn} onCancel={() => {}} />);
    expect((screen.getByRole('radio', { name: 'Work phone (+*******0101)' }) as HTMLInputElement).checked).toBe(true);
    await user.click(screen.getByText('Authenticator app'));
    expect(screen.queryByRole('button', { name: 'Text me a code' })).toBeNull();
    await user.type(screen.getByRole('textbox', { name: 'Code from your authenticator app' }), '654321');
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledTimes(1));
    expect(steps.finishWithAuthenticator).toHaveBeenCalledWith('f-app', '654321');
    expect(steps.sendCode).not.toHaveBeenCalled();
  });

  it('speaks Dutch', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithIntl(<SecondFactorSignIn challenge={challenge([phone])} onSignedIn={() => {}} onCancel={() => {}} />, { locale: 'nl' });
    expect(screen.getByRole('heading', { name: 'Tweede stap: je code' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Stuur mij een code' }));
    expect(await screen.findByText('We hebben een code gestuurd naar +*******0101.')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Code uit de sms' })).toBeTruthy();
  });
});
