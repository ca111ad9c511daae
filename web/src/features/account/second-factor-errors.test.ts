import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { describeError } from '../../errors/describe-error';
import dutch from '../../i18n/nl/index';
import { describeSecondFactorError } from './second-factor-errors';

const english = createIntl({ locale: 'en-GB', defaultLocale: 'en-GB' });
const sentence = (error: unknown, intl = english) => {
  const { message, action } = describeSecondFactorError(error);
  return `${intl.formatMessage(message)} ${intl.formatMessage(action)}`;
};

describe('describeSecondFactorError', () => {
  it('explains second-factor codes with a next step, in English and Dutch', () => {
    expect(sentence({ code: 'auth/invalid-verification-code' })).toBe("That code isn't right. Type the 6 digits of the latest text message, or send a new code.");
    expect(sentence({ code: 'auth/unverified-email' })).toBe("Your email address isn't verified yet. Open the verification link we sent you, then try again.");
    const dutchIntl = createIntl({ locale: 'nl-NL', defaultLocale: 'en-GB', messages: dutch });
    expect(sentence({ code: 'auth/code-expired' }, dutchIntl)).toBe('Die code is verlopen. Vraag een nieuwe code aan en gebruik hem binnen een paar minuten.');
  });

  it('tells staff whom a callable refused for want of a second factor what to do', () => {
    expect(sentence({ code: 'functions/permission-denied', details: { reason: 'second-factor-needed' } })).toBe(
      'Staff actions need a sign-in with your second factor. Set one up on the Account page if you have none, then sign out and sign in again with your code.',
    );
    // Any other refusal keeps the general permission sentence.
    expect(describeSecondFactorError({ code: 'functions/permission-denied', details: { reason: 'else' } })).toBe(describeError({ code: 'functions/permission-denied' }));
  });

  it('leaves every other error to the app-wide table', () => {
    expect(describeSecondFactorError({ code: 'auth/network-request-failed' })).toBe(describeError({ code: 'auth/network-request-failed' }));
    expect(describeSecondFactorError(new Error('boom'))).toBe(describeError(new Error('boom')));
  });
});
