import { festivalSchema, firestorePaths, homeFestival, siteSettingsSchema, type HomeChoice } from '@encore/model';
import { doc, getDoc, serverTimestamp, setDoc } from 'firebase/firestore';
import { db } from '../firebase/firestore';
import { InvalidDocumentError, toModel } from '../firebase/to-model';

/**
 * `site/settings` (docs/data-contract.md): the festival `/` opens. Read by HomePage (a page at
 * `/` the first page did not decide) and the organisers' page; written by a project admin.
 */

/** The festival a project admin chose for `/`; null when none (or the document is absent or not the contract's). */
export async function readChosenHomeFestival(): Promise<string | null> {
  const snapshot = await getDoc(doc(db(), firestorePaths.siteSettings()));
  if (!snapshot.exists()) return null;
  const settings = toModel(snapshot, siteSettingsSchema);
  return settings instanceof InvalidDocumentError ? null : settings.defaultFestivalId;
}

/** Whether `festivals/{festivalId}` exists and is a festival (one read). */
export async function festivalExists(festivalId: string): Promise<boolean> {
  const snapshot = await getDoc(doc(db(), firestorePaths.festival(festivalId)));
  return snapshot.exists() && !(toModel(snapshot, festivalSchema) instanceof InvalidDocumentError);
}

/** @encore/model's `homeFestival` from Firestore: at most three reads. */
export async function readHomeChoice(build: string): Promise<HomeChoice> {
  return homeFestival({ chosen: await readChosenHomeFestival(), build }, festivalExists);
}

/** Makes `festivalId` the festival `/` opens (null: none chosen). The rules allow project admins with a second factor only. */
export async function setHomeFestival(festivalId: string | null, uid: string): Promise<void> {
  await setDoc(doc(db(), firestorePaths.siteSettings()), { defaultFestivalId: festivalId, updatedAt: serverTimestamp(), updatedBy: uid });
}
