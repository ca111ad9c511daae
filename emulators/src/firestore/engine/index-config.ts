/**
 * The indexes a database has, from a `firestore.indexes.json` (the file `firebase deploy`
 * reads): declared composite indexes, plus the single-field indexes production keeps by
 * itself (ascending, descending and array-contains on every field, collection scope only)
 * as changed by `fieldOverrides` (an override lists the field's whole set, in either scope:
 * `[]` exempts the field, a COLLECTION_GROUP entry adds what collection-group queries need).
 */
import { invalidArgument } from '../errors.js';
import { formatFieldPath, parseFieldPath, type FieldPath } from './field-path.js';

export type QueryScope = 'COLLECTION' | 'COLLECTION_GROUP';
/** How an index holds one field: in order, as array members, or as a vector of a dimension. */
export type FieldMode = 'ASCENDING' | 'DESCENDING' | 'CONTAINS' | 'VECTOR';

export interface IndexField {
  path: FieldPath;
  mode: FieldMode;
  /** VECTOR only. */
  dimension?: number;
}

export interface CompositeIndex {
  collectionGroup: string;
  queryScope: QueryScope;
  /** In index order; a trailing `__name__` only when the file names it. */
  fields: IndexField[];
}

export interface SingleFieldSetting {
  queryScope: QueryScope;
  mode: FieldMode;
}

export interface IndexCatalog {
  composites: CompositeIndex[];
  /** `collectionGroup/fieldPath` -> the field's single-field indexes, when overridden. */
  overrides: Map<string, SingleFieldSetting[]>;
}

export const EMPTY_CATALOG: IndexCatalog = { composites: [], overrides: new Map() };

function overrideKey(collectionGroup: string, path: FieldPath): string {
  return `${collectionGroup}/${formatFieldPath(path)}`;
}

const AUTOMATIC: SingleFieldSetting[] = [
  { queryScope: 'COLLECTION', mode: 'ASCENDING' },
  { queryScope: 'COLLECTION', mode: 'DESCENDING' },
  { queryScope: 'COLLECTION', mode: 'CONTAINS' },
];

/** The field's single-field indexes: its override's, or the automatic ones. */
export function singleFieldSettings(catalog: IndexCatalog, collectionGroup: string, path: FieldPath): SingleFieldSetting[] {
  return catalog.overrides.get(overrideKey(collectionGroup, path)) ?? AUTOMATIC;
}

/** Whether production keeps the single-field index `mode` on `path` for this scope. */
export function hasSingleFieldIndex(catalog: IndexCatalog, collectionGroup: string, scope: QueryScope, path: FieldPath, mode: FieldMode): boolean {
  if (mode === 'VECTOR') return false;
  return singleFieldSettings(catalog, collectionGroup, path).some((setting) => setting.queryScope === scope && setting.mode === mode);
}

function scopeOf(raw: unknown, where: string): QueryScope {
  if (raw === undefined || raw === 'COLLECTION') return 'COLLECTION';
  if (raw === 'COLLECTION_GROUP') return 'COLLECTION_GROUP';
  throw invalidArgument(`${where}: queryScope must be COLLECTION or COLLECTION_GROUP, not ${JSON.stringify(raw)}.`);
}

function fieldOf(raw: unknown, where: string): IndexField {
  if (typeof raw !== 'object' || raw === null) throw invalidArgument(`${where}: an index field must be an object.`);
  const field = raw as { fieldPath?: unknown; order?: unknown; arrayConfig?: unknown; vectorConfig?: { dimension?: unknown } };
  const path = parseFieldPath(field.fieldPath);
  const modes = [field.order, field.arrayConfig, field.vectorConfig].filter((value) => value !== undefined);
  if (modes.length !== 1) throw invalidArgument(`${where}: field "${String(field.fieldPath)}" needs exactly one of order, arrayConfig or vectorConfig.`);
  if (field.order === 'ASCENDING' || field.order === 'DESCENDING') return { path, mode: field.order };
  if (field.arrayConfig === 'CONTAINS') return { path, mode: 'CONTAINS' };
  const dimension = Number(field.vectorConfig?.dimension);
  if (field.vectorConfig !== undefined && Number.isInteger(dimension) && dimension > 0) return { path, mode: 'VECTOR', dimension };
  throw invalidArgument(`${where}: field "${String(field.fieldPath)}" has an invalid order, arrayConfig or vectorConfig.`);
}

function settingOf(raw: unknown, where: string): SingleFieldSetting {
  const setting = (raw ?? {}) as { order?: unknown; arrayConfig?: unknown; queryScope?: unknown };
  const queryScope = scopeOf(setting.queryScope, where);
  if (setting.order === 'ASCENDING' || setting.order === 'DESCENDING') return { queryScope, mode: setting.order };
  if (setting.arrayConfig === 'CONTAINS') return { queryScope, mode: 'CONTAINS' };
  throw invalidArgument(`${where}: a single-field index needs order ASCENDING/DESCENDING or arrayConfig CONTAINS.`);
}

function collectionGroupOf(raw: unknown, where: string): string {
  if (typeof raw !== 'string' || raw === '' || raw.includes('/')) throw invalidArgument(`${where}: collectionGroup must be a collection id.`);
  return raw;
}

/** Parses the contents of a `firestore.indexes.json`; throws INVALID_ARGUMENT naming the bad entry. */
export function parseIndexConfig(json: unknown): IndexCatalog {
  if (typeof json !== 'object' || json === null) throw invalidArgument('firestore.indexes.json must hold an object.');
  const file = json as { indexes?: unknown; fieldOverrides?: unknown };
  const indexes = file.indexes ?? [];
  const fieldOverrides = file.fieldOverrides ?? [];
  if (!Array.isArray(indexes) || !Array.isArray(fieldOverrides)) throw invalidArgument('firestore.indexes.json: indexes and fieldOverrides must be lists.');
  const composites = indexes.map((raw: { collectionGroup?: unknown; queryScope?: unknown; fields?: unknown }, i) => {
    const where = `indexes[${i}]`;
    if (!Array.isArray(raw?.fields) || raw.fields.length === 0) throw invalidArgument(`${where}: fields must be a non-empty list.`);
    return {
      collectionGroup: collectionGroupOf(raw.collectionGroup, where),
      queryScope: scopeOf(raw.queryScope, where),
      fields: raw.fields.map((field, j) => fieldOf(field, `${where}.fields[${j}]`)),
    };
  });
  const overrides = new Map<string, SingleFieldSetting[]>();
  fieldOverrides.forEach((raw: { collectionGroup?: unknown; fieldPath?: unknown; indexes?: unknown }, i) => {
    const where = `fieldOverrides[${i}]`;
    const settings = raw?.indexes ?? [];
    if (!Array.isArray(settings)) throw invalidArgument(`${where}: indexes must be a list.`);
    overrides.set(
      overrideKey(collectionGroupOf(raw.collectionGroup, where), parseFieldPath(raw.fieldPath)),
      settings.map((setting, j) => settingOf(setting, `${where}.indexes[${j}]`)),
    );
  });
  return { composites, overrides };
}
