import type { CSSProperties, ReactNode } from 'react';
import { Button, Label, ListBox, ListBoxItem, Popover, Select, SelectValue } from 'react-aria-components';

export interface SelectOption {
  id: string;
  /** What the list and the button show. */
  name: ReactNode;
  /** What type-ahead and screen readers read, when `name` is not plain text. */
  textValue?: string;
}

/**
 * A labelled drop-down list (react-aria's Select: keyboard, type-ahead, screen readers) in the
 * app's look: the label, a button with the chosen option and a ▾, and the list in a popover.
 * One place for the markup every form's choice shares.
 */
export function SelectField({
  label,
  options,
  selectedKey,
  onChange,
  name,
  error,
  className = 'field field-select',
  style,
}: {
  label: ReactNode;
  options: readonly SelectOption[];
  selectedKey: string | null;
  onChange(key: string): void;
  /** The form field's name, for forms that submit it. */
  name?: string;
  error?: string | undefined;
  className?: string;
  style?: CSSProperties;
}) {
  return (
    <Select className={className} style={style} name={name} selectedKey={selectedKey} onSelectionChange={(key) => key !== null && onChange(String(key))} isInvalid={Boolean(error)}>
      <Label>{label}</Label>
      <Button className="select-button">
        <SelectValue />
        <span aria-hidden="true">▾</span>
      </Button>
      {error ? <p className="field-error">{error}</p> : null}
      <Popover className="popover">
        <ListBox className="listbox">
          {options.map((option) => (
            <ListBoxItem className="listbox-item" key={option.id} id={option.id} textValue={option.textValue ?? (typeof option.name === 'string' ? option.name : undefined)}>
              {option.name}
            </ListBoxItem>
          ))}
        </ListBox>
      </Popover>
    </Select>
  );
}
