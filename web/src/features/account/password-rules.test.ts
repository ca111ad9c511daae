import type { PasswordValidationStatus } from 'firebase/auth';
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { passwordRules, type PasswordRule } from './password-rules';

const english = createIntl({ locale: 'en-GB', defaultLocale: 'en-GB' });
const read = (rules: PasswordRule[]) => rules.map((rule) => ({ label: english.formatMessage(rule.label, rule.values), met: rule.met }));

describe('passwordRules', () => {
  it('falls back to Firebase’s six-character floor without a policy', () => {
    expect(read(passwordRules(null, 'abc'))).toEqual([{ label: 'At least 6 characters', met: false }]);
    expect(passwordRules(null, 'abcdef')[0]!.met).toBe(true);
  });

  it('lists only the rules the project enforces, with what the password meets', () => {
    const status = {
      isValid: false,
      meetsMinPasswordLength: true,
      containsUppercaseLetter: false,
      containsNumericCharacter: true,
      passwordPolicy: {
        customStrengthOptions: { minPasswordLength: 10, containsUppercaseLetter: true, containsNumericCharacter: true },
        allowedNonAlphanumericCharacters: '',
        enforcementState: 'ENFORCE',
        forceUpgradeOnSignin: false,
      },
    } as unknown as PasswordValidationStatus;
    expect(read(passwordRules(status, 'abcdefghij1'))).toEqual([
      { label: 'At least 10 characters', met: true },
      { label: 'An uppercase letter', met: false },
      { label: 'A digit', met: true },
    ]);
  });
});
