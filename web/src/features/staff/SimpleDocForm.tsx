import { doc, setDoc } from 'firebase/firestore';
import { useState } from 'react';
import { Button, FieldError, Form, Input, Label, TextArea, TextField } from 'react-aria-components';
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
  kind,
  schema,
  items,
  fields,
  pathOf,
  idOf,
}: {
  kind: string;
  schema: z.ZodType;
  items: Array<{ id: string; data: Record<string, unknown> }>;
  fields: FieldSpec[];
  pathOf(id: string): string;
  idOf(data: Record<string, unknown>): string;
}) {
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
      setIssues({ name: 'Needs at least one letter or digit' });
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
      <div className="button-row" style={{ marginBottom: 12 }}>
        <Button className="button button-small" onPress={() => edit(null)}>
          Add {kind}
        </Button>
      </div>
      {open ? (
        <Form
          className="form-grid panel"
          style={{ marginBottom: 16 }}
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
              {editingId ? 'Save changes' : `Add ${kind}`}
            </Button>
            <Button
              className="button button-secondary"
              onPress={() => {
                setEditingId(null);
                setValues({});
              }}
            >
              Cancel
            </Button>
          </div>
        </Form>
      ) : null}
      <ul className="set-list">
        {items.map((item) => (
          <li key={item.id} className="set-card" style={{ ['--stage-color' as string]: String(item.data['color'] ?? '#6b6b80') }}>
            <span>{String(item.data['name'])}</span>
            <Button className="button button-secondary button-small" onPress={() => edit(item.id)} aria-label={`Edit ${String(item.data['name'])}`}>
              Edit
            </Button>
          </li>
        ))}
      </ul>
    </>
  );
}
