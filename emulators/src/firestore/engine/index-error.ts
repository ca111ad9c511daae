/**
 * The refusal production answers for a query no index serves: FAILED_PRECONDITION, "The query
 * requires an index. You can create it here: <console link>", the link carrying the index as
 * production does (`create_composite` = the admin API's `Index` message, base64; a single-field
 * index for collection groups or an exempted field: `create_exemption` with a `Field`). The
 * emulator adds the entry to put in firestore.indexes.json, since that file is what deploys.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import protobuf from 'protobufjs';
import { FirestoreError } from '../errors.js';
import { formatFieldPath, isKeyPath } from './field-path.js';
import { singleFieldSettings, type IndexCatalog, type IndexField } from './index-config.js';
import type { MissingIndex } from './indexes.js';
import type { DatabaseId } from './paths.js';

const require = createRequire(import.meta.url);
const adminDescriptor = join(dirname(require.resolve('@google-cloud/firestore')), '..', 'protos', 'admin_v1.json');
let adminTypes: { index: protobuf.Type; field: protobuf.Type } | undefined;

function admin(): { index: protobuf.Type; field: protobuf.Type } {
  if (adminTypes === undefined) {
    const root = protobuf.Root.fromJSON(require(adminDescriptor) as protobuf.INamespace);
    adminTypes = { index: root.lookupType('google.firestore.admin.v1.Index'), field: root.lookupType('google.firestore.admin.v1.Field') };
  }
  return adminTypes;
}

/** One field as firestore.indexes.json spells it. */
function fieldJson(field: IndexField): Record<string, unknown> {
  const fieldPath = formatFieldPath(field.path);
  if (field.mode === 'CONTAINS') return { fieldPath, arrayConfig: 'CONTAINS' };
  if (field.mode === 'VECTOR') return { fieldPath, vectorConfig: { dimension: field.dimension, flat: {} } };
  return { fieldPath, order: field.mode };
}

/** The entry to add: under `indexes` (composite) or `fieldOverrides` (the field's whole new set). */
export function indexFileEntry(missing: MissingIndex, catalog: IndexCatalog): { section: 'indexes' | 'fieldOverrides'; entry: Record<string, unknown> } {
  if (missing.kind === 'composite') {
    const { collectionGroup, queryScope, fields } = missing.index;
    return { section: 'indexes', entry: { collectionGroup, queryScope, fields: fields.map(fieldJson) } };
  }
  const settings = [...singleFieldSettings(catalog, missing.collectionGroup, missing.path), { queryScope: missing.queryScope, mode: missing.mode }];
  return {
    section: 'fieldOverrides',
    entry: {
      collectionGroup: missing.collectionGroup,
      fieldPath: formatFieldPath(missing.path),
      indexes: settings.map(({ queryScope, mode }) => (mode === 'CONTAINS' ? { arrayConfig: 'CONTAINS', queryScope } : { order: mode, queryScope })),
    },
  };
}

function consoleLink(missing: MissingIndex, database: DatabaseId): string {
  const group = `projects/${database.projectId}/databases/${database.databaseId}/collectionGroups/${missing.kind === 'composite' ? missing.index.collectionGroup : missing.collectionGroup}`;
  const base = `https://console.firebase.google.com/v1/r/project/${database.projectId}/firestore/indexes`;
  const encode = (type: protobuf.Type, message: Record<string, unknown>) =>
    Buffer.from(type.encode(type.fromObject(message)).finish()).toString('base64url');
  if (missing.kind === 'composite') {
    // Production's links spell out the trailing __name__ (in the last field's direction).
    const last = missing.index.fields[missing.index.fields.length - 1]!;
    const named = isKeyPath(last.path) || last.mode === 'VECTOR' ? missing.index.fields : [...missing.index.fields, { path: ['__name__'], mode: last.mode === 'DESCENDING' ? 'DESCENDING' : 'ASCENDING' } as IndexField];
    const fields = named.map((field) =>
      field.mode === 'CONTAINS' ? { fieldPath: formatFieldPath(field.path), arrayConfig: 'CONTAINS' }
      : field.mode === 'VECTOR' ? { fieldPath: formatFieldPath(field.path), vectorConfig: { dimension: field.dimension, flat: {} } }
      : { fieldPath: formatFieldPath(field.path), order: field.mode },
    );
    return `${base}?create_composite=${encode(admin().index, { name: `${group}/indexes/_`, queryScope: missing.index.queryScope, fields })}`;
  }
  const index = missing.mode === 'CONTAINS' ? { arrayConfig: 'CONTAINS' } : { order: missing.mode };
  const field = { name: `${group}/fields/${formatFieldPath(missing.path)}`, indexConfig: { indexes: [{ queryScope: missing.queryScope, fields: [{ fieldPath: formatFieldPath(missing.path), ...index }] }] } };
  return `${base}?create_exemption=${encode(admin().field, field)}`;
}

export function missingIndexError(missing: MissingIndex, catalog: IndexCatalog, database: DatabaseId): FirestoreError {
  const { section, entry } = indexFileEntry(missing, catalog);
  return new FirestoreError(
    'FAILED_PRECONDITION',
    `The query requires an index. You can create it here: ${consoleLink(missing, database)}\n` +
      `(Encore emulator, strict index mode) firestore.indexes.json does not declare it; add to its "${section}":\n${JSON.stringify(entry, null, 2)}`,
  );
}
