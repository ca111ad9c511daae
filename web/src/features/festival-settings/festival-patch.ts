import type { Festival } from '@encore/model';

/**
 * The fields of `festivals/{f}` the Festival page edits. Anything else in the document
 * (`originalRetentionDays`, fields a later version adds) belongs to someone else: a save never
 * writes or clears it.
 */
export const FORM_FIELDS = [
  'name',
  'shortName',
  'timeZone',
  'startsOn',
  'endsOn',
  'dayStartsAtHour',
  'venue',
  'address',
  'emergencyNumber',
  'description',
  'languages',
  'defaultLanguage',
  'colours',
  'links',
] as const satisfies ReadonlyArray<keyof Festival>;
export type FormField = (typeof FORM_FIELDS)[number];

export interface FestivalPatch {
  /** Fields to write, each whole (a map such as `links` is replaced: the form holds every one of its keys). */
  set: Partial<Pick<Festival, FormField>>;
  /** Optional fields the person emptied: deleted from the document. */
  remove: FormField[];
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * What a save changes: only the form's fields that differ between what the form was loaded from
 * (`before`) and what it holds now (`after`), both as the form makes them (`toFestivalFields`).
 * Fields the person did not touch are not written, so a colleague's save of other fields in the
 * meantime is not undone.
 */
export function festivalPatch(before: Partial<Festival>, after: Partial<Festival>): FestivalPatch {
  const patch: FestivalPatch = { set: {}, remove: [] };
  for (const field of FORM_FIELDS) {
    if (same(before[field], after[field])) continue;
    if (after[field] === undefined) patch.remove.push(field);
    else (patch.set as Record<string, unknown>)[field] = after[field];
  }
  return patch;
}

export const isEmptyPatch = (patch: FestivalPatch) => Object.keys(patch.set).length === 0 && patch.remove.length === 0;
