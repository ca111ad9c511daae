import type { PasswordValidationStatus } from 'firebase/auth';
import { defineMessages, type MessageDescriptor } from 'react-intl';

export interface PasswordRule {
  label: MessageDescriptor;
  values?: Record<string, number>;
  met: boolean;
}

/** Firebase's floor when a project sets no policy (or the policy cannot be fetched). */
const DEFAULT_MIN_LENGTH = 6;

const labels = defineMessages({
  min: { id: 'account.passwordRules.min', defaultMessage: 'At least {count} characters' },
  max: { id: 'account.passwordRules.max', defaultMessage: 'At most {count} characters' },
  lowercase: { id: 'account.passwordRules.lowercase', defaultMessage: 'A lowercase letter' },
  uppercase: { id: 'account.passwordRules.uppercase', defaultMessage: 'An uppercase letter' },
  digit: { id: 'account.passwordRules.digit', defaultMessage: 'A digit' },
  symbol: { id: 'account.passwordRules.symbol', defaultMessage: 'A symbol such as ! or #' },
});

/**
 * The project's password policy as a checklist shown while typing. Only the rules the
 * policy actually enforces are listed, each with whether the typed password meets it.
 */
export function passwordRules(status: PasswordValidationStatus | null, password: string): PasswordRule[] {
  if (!status) return [{ label: labels.min, values: { count: DEFAULT_MIN_LENGTH }, met: password.length >= DEFAULT_MIN_LENGTH }];
  const options = status.passwordPolicy.customStrengthOptions;
  const rules: PasswordRule[] = [];
  const min = options.minPasswordLength ?? DEFAULT_MIN_LENGTH;
  rules.push({ label: labels.min, values: { count: min }, met: status.meetsMinPasswordLength ?? password.length >= min });
  if (options.maxPasswordLength !== undefined) rules.push({ label: labels.max, values: { count: options.maxPasswordLength }, met: status.meetsMaxPasswordLength ?? true });
  if (options.containsLowercaseLetter) rules.push({ label: labels.lowercase, met: status.containsLowercaseLetter ?? false });
  if (options.containsUppercaseLetter) rules.push({ label: labels.uppercase, met: status.containsUppercaseLetter ?? false });
  if (options.containsNumericCharacter) rules.push({ label: labels.digit, met: status.containsNumericCharacter ?? false });
  if (options.containsNonAlphanumericCharacter) rules.push({ label: labels.symbol, met: status.containsNonAlphanumericCharacter ?? false });
  return rules;
}
