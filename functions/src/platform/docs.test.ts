import { describe, expect, it } from 'vitest';
import { festivalSchema, firestorePaths, photoSchema, uploadQuotaSchema } from '@encore/model';
import { FESTIVAL_ID, seedFestival, testDeps, testPhoto } from '../testing/deps.js';
import { DocumentSchemaError, readsOf } from './docs.js';

/**
 * The typed-read port, as every handler uses it: reads name a schema and get parsed data,
 * and a document that does not match is an error that says which document and which field.
 * (The Firestore adapter is proven the same way in firestore.test.ts.)
 */
describe('typed reads', () => {
  it('hand back parsed data, and undefined for a missing document', async () => {
    const { docs } = testDeps();
    seedFestival(docs);
    expect(await docs.get(firestorePaths.festival(FESTIVAL_ID), festivalSchema)).toMatchObject({ timeZone: 'Europe/Amsterdam' });
    expect(await docs.get(firestorePaths.festival('nope'), festivalSchema)).toBeUndefined();
  });

  it('refuse a bad document with an error naming its path and each bad field, in every read shape', async () => {
    const { docs } = testDeps();
    const path = firestorePaths.photo(FESTIVAL_ID, 'ph1');
    // What `String(data.uploaderUid)` used to turn into "undefined".
    const { uploaderUid: _gone, ...photo } = testPhoto();
    docs.seed(path, { ...photo, status: 'published' });
    const expected = /^Invalid document festivals\/encore-2026\/photos\/ph1: uploaderUid: Invalid input: expected string, received undefined; status: Invalid option: expected one of/;

    await expect(docs.get(path, photoSchema)).rejects.toThrow(expected);
    await expect(docs.getAll(readsOf([path], photoSchema))).rejects.toThrow(expected);
    await expect(docs.query({ collection: firestorePaths.photos(FESTIVAL_ID) }, photoSchema)).rejects.toThrow(expected);
    await expect(docs.transaction((tx) => tx.get(path, photoSchema))).rejects.toThrow(expected);
    const error = await docs.get(path, photoSchema).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DocumentSchemaError);
    expect(error).toMatchObject({ path, issues: [{ field: 'uploaderUid' }, { field: 'status' }] });
  });

  it('parse each document of a mixed read with its own schema', async () => {
    const { docs } = testDeps();
    seedFestival(docs);
    const quota = `festivals/${FESTIVAL_ID}/uploadQuotas/u1_2026-08-14`;
    docs.seed(quota, { photoIds: ['p1'], day: '2026-08-14', uid: 'u1' });
    const [festival, reservation, missing] = await docs.getAll([
      [firestorePaths.festival(FESTIVAL_ID), festivalSchema],
      [quota, uploadQuotaSchema],
      [firestorePaths.photo(FESTIVAL_ID, 'none'), photoSchema],
    ]);
    expect([festival?.name, reservation?.photoIds, missing]).toEqual(['Encore', ['p1'], undefined]);
    docs.seed(quota, { photoIds: 'p1', day: '2026-08-14', uid: 'u1' });
    await expect(docs.getAll([[quota, uploadQuotaSchema]])).rejects.toThrow(`Invalid document ${quota}: photoIds: Invalid input: expected array, received string`);
  });
});
