import type { ArchiveFestivalInput, ArchiveFestivalResult, CreateEditionInput, CreateEditionResult } from '@encore/model';
import { httpsCallable } from 'firebase/functions';
import { functions } from '../../../firebase/functions';

/** `createEdition`: copies this festival's stages, map, info pages and look into a new festival; the caller becomes its admin. */
export async function createEdition(input: CreateEditionInput): Promise<CreateEditionResult> {
  const call = httpsCallable<CreateEditionInput, CreateEditionResult>(functions(), 'createEdition', { timeout: 300_000 });
  return (await call(input)).data;
}

/** `archiveFestival`: makes an ended festival read-only and stops its nightly work. */
export async function archiveFestival(input: ArchiveFestivalInput): Promise<ArchiveFestivalResult> {
  const call = httpsCallable<ArchiveFestivalInput, ArchiveFestivalResult>(functions(), 'archiveFestival');
  return (await call(input)).data;
}
