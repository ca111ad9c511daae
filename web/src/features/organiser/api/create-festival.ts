import type { CreateFestivalInput, CreateFestivalResult } from '@encore/model';
import { httpsCallable } from 'firebase/functions';
import { functions } from '../../../firebase/functions';

/** `createFestival`: a project admin signed in with a second factor creates the festival and becomes its admin. */
export async function createFestival(input: CreateFestivalInput): Promise<CreateFestivalResult> {
  const call = httpsCallable<CreateFestivalInput, CreateFestivalResult>(functions(), 'createFestival');
  return (await call(input)).data;
}
