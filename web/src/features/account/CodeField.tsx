import type { ReactNode } from 'react';
import { Input, Label, Text, TextField } from 'react-aria-components';
import { FormattedMessage } from 'react-intl';

/** Six digits, as texts and authenticator apps give them. */
export const isSixDigitCode = (code: string) => /^\d{6}$/.test(code.trim());

/**
 * A one-time code: numeric keyboard on phones, the browser's SMS autofill
 * (`one-time-code`), six digits.
 */
export function CodeField({ label, value, onChange, autoFocus = false }: { label: ReactNode; value: string; onChange(value: string): void; autoFocus?: boolean }) {
  return (
    <TextField
      className="field"
      value={value}
      onChange={(typed) => onChange(typed.replace(/\D/g, '').slice(0, 6))}
      isRequired
      autoComplete="one-time-code"
      inputMode="numeric"
      maxLength={6}
      autoFocus={autoFocus}
    >
      <Label>{label}</Label>
      <Input />
      <Text slot="description" className="field-hint">
        <FormattedMessage id="account.code.hint" defaultMessage="6 digits" />
      </Text>
    </TextField>
  );
}
