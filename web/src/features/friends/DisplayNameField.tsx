import { Input, Label, TextField } from 'react-aria-components';
import { FormattedMessage } from 'react-intl';

/** The one thing a friend sees of you: a name you choose (remembered on this device). */
export function DisplayNameField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <TextField className="field" value={value} onChange={onChange} isRequired maxLength={40} autoComplete="nickname">
      <Label>
        <FormattedMessage id="friends.displayName.label" defaultMessage="Your name, as your friends will see it" />
      </Label>
      <Input />
    </TextField>
  );
}

const KEY = 'encore.friends.displayName';
export function rememberedName(): string {
  try {
    return localStorage.getItem(KEY) ?? '';
  } catch {
    return '';
  }
}
export function rememberName(name: string): void {
  try {
    localStorage.setItem(KEY, name.trim());
  } catch {
    // Private mode: the name is asked again next time.
  }
}
