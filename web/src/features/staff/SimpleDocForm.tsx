import { deleteField, doc, setDoc, updateDoc } from 'firebase/firestore';
import { useState } from 'react';
import { Button, FieldError, Form, Input, Label, TextArea, TextField } from 'react-aria-components';
import { FormattedMessage, useIntl } from 'react-intl';
import type { z } from 'zod';
import { db } from '../../firebase/firestore';
import { CreateErrorNotice } from './CreateErrorNotice';
import { createdNow, existingItem, existsMessage, explainRefusedCreate, type CreateKind } from './create-guard';

export interface FieldSpec {
  name: string;
  label: string;
  number?: boolean;
  list?: boolean;
  long?: boolean;
  optional?: boolean;
}

/**
 * Create or edit a small document (a stage) from a list of fields, validated with the shared
 * schema. New documents get a slug id from their name, and never replace one that has it
 * (create-guard.ts): the list is checked first, and the server refuses what the list missed.
 */
export function SimpleDocForm({
  addLabel,
  schema,
  items,
  fields,
  pathOf,
  idOf,
  kind,
}: {
  /** "Add stage", "Add artist": the button that opens an empty form, and its submit button. */
  addLabel: string;
  schema: z.ZodType;
  items: Array<{ id: string; data: Record<string, unknown> }>;
  fields: FieldSpec[];
  pathOf(id: string): string;
  idOf(data: Record<string, unknown>): string;
  /** What a document is, for "A stage with the address … exists". */
  kind: CreateKind;
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
    const existing = editingId ? undefined : existingItem(items, id);
    if (existing) {
      setIssues({ name: existsMessage(intl, kind, id, String(existing.data['name'] ?? id)) });
      return;
    }
    setError(null);
    const ref = doc(db(), pathOf(id));
    if (editingId) {
      // An edit changes staff's fields only (createdAt stays, as the rules require); an
      // optional field left empty is removed.
      const cleared = Object.fromEntries(fields.filter((field) => field.optional && !(field.name in data)).map((field) => [field.name, deleteField()]));
      updateDoc(ref, { ...(parsed.data as Record<string, unknown>), ...cleared }).catch(setError);
    } else {
      setDoc(ref, { ...(parsed.data as Record<string, unknown>), ...createdNow() }).catch(async (failure: unknown) => setError(await explainRefusedCreate(ref, failure)));
    }
    setEditingId(null);
    setValues({});
  };

  const open = editingId !== null || Object.keys(values).length > 0;
  return (
    <>
      {error ? <CreateErrorNotice error={error} /> : null}
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
