import type { PasswordValidationStatus } from 'firebase/auth';

export interface PasswordRule {
  label: string;
  met: boolean;
}

/** Firebase's floor when a project sets no policy (or the policy cannot be fetched). */
const DEFAULT_MIN_LENGTH = 6;

/**
 * The project's password policy as a checklist shown while typing. Only the rules the
 * policy actually enforces are listed, each with whether the typed password meets it.
 */
export function passwordRules(status: PasswordValidationStatus | null, password: string): PasswordRule[] {
  if (!status) return [{ label: `At least ${DEFAULT_MIN_LENGTH} characters`, met: password.length >= DEFAULT_MIN_LENGTH }];
  const options = status.passwordPolicy.customStrengthOptions;
  const rules: PasswordRule[] = [];
  const min = options.minPasswordLength ?? DEFAULT_MIN_LENGTH;
  rules.push({ label: `At least ${min} characters`, met: status.meetsMinPasswordLength ?? password.length >= min });
  if (options.maxPasswordLength !== undefined) rules.push({ label: `At most ${options.maxPasswordLength} characters`, met: status.meetsMaxPasswordLength ?? true });
  if (options.containsLowercaseLetter) rules.push({ label: 'A lowercase letter', met: status.containsLowercaseLetter ?? false });
  if (options.containsUppercaseLetter) rules.push({ label: 'An uppercase letter', met: status.containsUppercaseLetter ?? false });
  if (options.containsNumericCharacter) rules.push({ label: 'A digit', met: status.containsNumericCharacter ?? false });
  if (options.containsNonAlphanumericCharacter) rules.push({ label: 'A symbol such as ! or #', met: status.containsNonAlphanumericCharacter ?? false });
  return rules;
}
