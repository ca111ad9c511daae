import { slugIdSchema } from '@encore/model';

export interface EditionForm {
  id: string;
  name: string;
  startsOn: string;
  endsOn: string;
}

export type EditionFieldError = 'required' | 'idFormat' | 'idSame' | 'taken' | 'endsBeforeStart';
export type EditionFormErrors = Partial<Record<keyof EditionForm, EditionFieldError>>;

/** What the form can tell before asking createEdition (which checks the same with the model's schema). */
export function validateEditionForm(form: EditionForm, sourceFestivalId: string): EditionFormErrors {
  const errors: EditionFormErrors = {};
  if (!form.name.trim()) errors.name = 'required';
  if (!form.startsOn) errors.startsOn = 'required';
  if (!form.endsOn) errors.endsOn = 'required';
  else if (form.startsOn && form.endsOn < form.startsOn) errors.endsOn = 'endsBeforeStart';
  if (!form.id) errors.id = 'required';
  else if (!slugIdSchema.safeParse(form.id).success) errors.id = 'idFormat';
  else if (form.id === sourceFestivalId) errors.id = 'idSame';
  return errors;
}
