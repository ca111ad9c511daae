import { doc, setDoc } from 'firebase/firestore';
import { useState } from 'react';
import { Button, FieldError, Form, Input, Label, TextArea, TextField } from 'react-aria-components';
import { FormattedMessage, useIntl } from 'react-intl';
import type { z } from 'zod';
import { db } from '../../firebase/firestore';
import { ErrorNotice } from '../../ui/ErrorNotice';

export interface FieldSpec {
  name: string;
  label: string;
  number?: boolean;
  list?: boolean;
  long?: boolean;
  optional?: boolean;
}

/**
 * Create or edit a small document (a stage, an artist) from a list of fields, validated
 * with the shared schema. New documents get a slug id from their name.
 */
export function SimpleDocForm({
  addLabel,
  schema,
  items,
  fields,
  pathOf,
  idOf,
}: {
  /** "Add stage", "Add artist": the button that opens an empty form, and its submit button. */
  addLabel: string;
  schema: z.ZodType;
  items: Array<{ id: string; data: Record<string, unknown> }>;
  fields: FieldSpec[];
  pathOf(id: string): string;
  idOf(data: Record<string, unknown>): string;
}) {
  const intl = useIntl();
  const [editingId, setEditingId] = useState<string | null>(null);
  const [values, setValues] = useState<Record<string, string>>({});
  const [issues, setIssues] = useState<Record<string, string>>({});
  const [error, setError] = useState<unknown>(null);

  const edit = (id: string | null) => {
    const data = items.find((item) => item.id === id)?.data ?? {};
    setEditingId(id);
    setIssues({});
    setValues(Object.fromEntries(fields.map((field) => [field.name, Array.isArray(data[field.name]) ? (data[field.name] as string[]).join(', ') : String(data[field.name] ?? '')])));
  };

  const save = () => {
    const data: Record<string, unknown> = {};
    for (const field of fields) {
      const raw = (values[field.name] ?? '').trim();
      if (field.optional && raw === '') continue;
      data[field.name] = field.number ? Number(raw) : field.list ? raw.split(',').map((part) => part.trim()).filter(Boolean) : raw;
    }
    const parsed = schema.safeParse(data);
    if (!parsed.success) {
      setIssues(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
      return;
    }
    let id: string;
    try {
      id = editingId ?? idOf(data);
    } catch {
      setIssues({ name: intl.formatMessage({ id: 'staff.docForm.needsLetter', defaultMessage: 'Needs at least one letter or digit' }) });
      return;
    }
    setError(null);
    setDoc(doc(db(), pathOf(id)), parsed.data as Record<string, unknown>).catch(setError);
    setEditingId(null);
    setValues({});
  };

  const open = editingId !== null || Object.keys(values).length > 0;
  return (
    <>
      {error ? <ErrorNotice error={error} /> : null}
      <div className="button-row" style={{ marginBottom: 'var(--space-3)' }}>
        <Button className="button button-small" onPress={() => edit(null)}>
          {addLabel}
        </Button>
      </div>
      {open ? (
        <Form
          className="form-grid panel"
          style={{ marginBottom: 'var(--space-4)' }}
          validationErrors={issues}
          onSubmit={(event) => {
            event.preventDefault();
            save();
          }}
        >
          {fields.map((field) => (
            <TextField
              key={field.name}
              className="field"
              name={field.name}
              value={values[field.name] ?? ''}
              onChange={(value) => setValues((current) => ({ ...current, [field.name]: value }))}
              isRequired={!field.optional}
            >
              <Label>{field.label}</Label>
              {field.long ? <TextArea /> : <Input />}
              <FieldError className="field-error" />
            </TextField>
          ))}
          <div className="button-row" style={{ gridColumn: '1 / -1' }}>
            <Button type="submit" className="button">
              {editingId ? <FormattedMessage id="staff.docForm.save" defaultMessage="Save changes" /> : addLabel}
            </Button>
            <Button
              className="button button-secondary"
              onPress={() => {
                setEditingId(null);
                setValues({});
              }}
            >
              <FormattedMessage id="staff.docForm.cancel" defaultMessage="Cancel" />
            </Button>
          </div>
        </Form>
      ) : null}
      <ul className="set-list">
        {items.map((item) => (
          <li key={item.id} className="set-card" style={{ ['--stage-color' as string]: String(item.data['color'] ?? 'var(--color-stage-fallback)') }}>
            <span>{String(item.data['name'])}</span>
            <Button className="button button-secondary button-small" onPress={() => edit(item.id)} aria-label={intl.formatMessage({ id: 'staff.docForm.editLabel', defaultMessage: 'Edit {name}' }, { name: String(item.data['name']) })}>
              <FormattedMessage id="staff.docForm.edit" defaultMessage="Edit" />
            </Button>
          </li>
        ))}
      </ul>
    </>
  );
}
