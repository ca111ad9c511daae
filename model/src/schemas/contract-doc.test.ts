/**
 * docs/data-contract.md stays true to the schemas: every path builder's path is documented,
 * every document schema has a section naming it, and that section's table lists exactly the
 * schema's fields (a field added to a schema, or dropped from it, fails here until the page
 * says so).
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import * as model from '../index.js';
import { firestorePaths, storagePaths } from '../paths.js';
import { friendPaths } from './friends.js';
import { groupPaths } from './groups.js';
import { helpPaths } from './help.js';

const doc = readFileSync(new URL('../../../docs/data-contract.md', import.meta.url), 'utf8');

/** Schemas that are not Firestore documents of their own: each documented elsewhere or not part of the stored contract. */
const NOT_DOCUMENTS = new Set([
  'thumbnailSchema', // one entry of a photo's `thumbnails`, described in the photo's table
  'wallRenditionSchema', // one entry of a wall tile's `thumbnails`, described in live/photos' table
  'liveTrendingItemSchema', // one entry of live/sets' `trending`, described in its table
  'livePhotoEntrySchema', // one entry of live/photos' `reactions`, described in its table
  'liveWallPhotoSchema', // one tile of live/photos' `wall`, described in its table
  'reactionCountsSchema', // a photo's `reactions` and part of a live/photos entry, described in their tables
  'performanceInputSchema', // the staff-written subset of performanceSchema
  'scheduledTimesSchema', // a performance's `scheduled`, described in its table
  'artistInputSchema', // the staff-written subset of artistSchema
  'venueMapInputSchema', // the staff-written subset of venueMapSchema
  'accountSchema', // the signed-in person as the web app sees them, not stored
  'festivalColoursSchema', // a festival's `colours`, described in the festival's table
  'festivalLinksSchema', // a festival's `links`, described in the festival's table
  'createFestivalInputSchema', // the createFestival callable's request, not stored
  'createEditionInputSchema', // the editions' callables' requests (callables/editions.ts), not stored
  'archiveFestivalInputSchema',
  'inviteStaffRequestSchema', // the festival team's callables' requests (callables/staff-team.ts), not stored
  'revokeStaffInviteRequestSchema',
  'acceptStaffInviteRequestSchema',
  'setStaffRoleRequestSchema',
  'removeStaffMemberRequestSchema',
  'undoBlockingSchema', // undoChange's refusal details (callables/undo-change.ts), not stored
  'helpPositionSchema', // a help request's `position`, described in its table
  'helpHandlerSchema', // a help request's `handledBy`, described in its table
]);

const objectSchemas = Object.entries(model).filter(
  (entry): entry is [string, z.ZodObject] => entry[0].endsWith('Schema') && entry[1] instanceof z.ZodObject,
);
/** Domain events' payloads are listed by type and topic, not field by field. */
const eventSchemas = new Set(Object.values(model.domainEvents).map((event) => event.data as unknown));
const documentSchemas = objectSchemas.filter(([name, schema]) => !NOT_DOCUMENTS.has(name) && !eventSchemas.has(schema));

/** The field names of the first table after the line that names `` `schemaName` ``. */
function documentedFields(schemaName: string): string[] {
  const lines = doc.split('\n');
  const start = lines.findIndex((line) => line.includes(`\`${schemaName}\``) && !line.startsWith('|'));
  if (start < 0) return [];
  const table: string[] = [];
  for (const line of lines.slice(start + 1)) {
    if (line.startsWith('|')) table.push(line);
    else if (table.length > 0) break;
  }
  return table
    .slice(2) // header and separator
    .flatMap((row) => [...row.split('|')[1]!.matchAll(/`([^`]+)`/g)].map((match) => match[1]!));
}

/** `festivals/{festivalId}/stages/{stageId}` and `festivals/{f}/stages/{s}` alike: placeholders blanked. */
const blank = (path: string) => path.replace(/\{[^}]+\}/g, '{}');
const documentedPaths = [...doc.matchAll(/`([A-Za-z][A-Za-z-]*\/[^`\s]*)`/g)].map((match) => blank(match[1]!));

describe('docs/data-contract.md', () => {
  it('documents every document schema, with exactly its fields', () => {
    expect(documentSchemas.length).toBeGreaterThan(10);
    for (const [name, schema] of documentSchemas) {
      expect(documentedFields(name).sort(), `${name} in docs/data-contract.md`).toEqual(Object.keys(schema.shape).sort());
    }
  });

  it('documents every Firestore and Storage path the model builds', () => {
    const built = [
      ...Object.values(friendPaths).map((build) => (build as (...ids: string[]) => string)('{a}', '{b}', '{c}')),
      ...Object.values(groupPaths).map((build) => (build as (...ids: string[]) => string)('{a}', '{b}', '{c}')),
      ...Object.values(helpPaths).map((build) => (build as (...ids: string[]) => string)('{a}', '{b}', '{c}')),
      ...Object.values(firestorePaths).map((build) => (build as (...ids: string[]) => string)('{a}', '{b}', '{c}')),
      storagePaths.upload({ uid: '{a}', festivalId: '{b}', photoId: '{c}' }),
      storagePaths.thumbnail('{a}', '{b}', 1, 'x').replace('/1.x', '/{w}.{ext}'),
      storagePaths.thumbnail('{a}', '{b}', 1, 'x', 'v').replace('/v-1.x', '/{v}-{w}.{ext}'),
      storagePaths.mediaUpload({ festivalId: '{a}', subject: { kind: 'artist', artistId: '{b}' }, uploadId: '{c}' }),
      storagePaths.mediaUpload({ festivalId: '{a}', subject: { kind: 'site-plan' }, uploadId: '{c}' }),
      storagePaths.mediaRendition({ festivalId: '{a}', subject: { kind: 'artist', artistId: '{b}' }, uploadId: '{c}' }, 1, 'x').replace('/1.x', '/{w}.{ext}'),
      storagePaths.mediaRendition({ festivalId: '{a}', subject: { kind: 'site-plan' }, uploadId: '{c}' }, 1, 'x').replace('/1.x', '/{w}.{ext}'),
    ].map(blank);
    for (const path of built) {
      // A collection is documented through its documents' path.
      expect(
        documentedPaths.some((documented) => documented === path || documented.startsWith(`${path}/`)),
        `${path} in docs/data-contract.md`,
      ).toBe(true);
    }
  });

  it('lists every domain event with its topic', () => {
    for (const [type, { topic }] of Object.entries(model.domainEvents)) expect(doc, type).toContain(`| \`${type}\` | \`${topic}\` |`);
  });
});
