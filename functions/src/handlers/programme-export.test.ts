import { describe, expect, it } from 'vitest';
import { artistSchema, festivalSchema, firestorePaths, performanceSchema, programmeCsv, programmeExportRows, stageSchema, type FestivalRole } from '@encore/model';
import { FESTIVAL_ID, NOW, seedFestival, testDeps } from '../testing/deps.js';
import type { MemoryDocs } from '../testing/memory-docs.js';
import { handleImportProgramme } from './staff.js';

/**
 * Issue 35: "re-importing the programme export into a new edition gives the same sets". The
 * festival's programme as the console exports it (model/src/export/programme-export.ts, from
 * the documents as they are stored), run through the `importProgramme` callable's handler into
 * a second festival shaped as a new edition is (the same dates and stages, no artists, no sets).
 */

const NEXT = 'encore-2026-b';
const smsSignIn = { sign_in_provider: 'password', sign_in_second_factor: 'phone', second_factor_identifier: 'f1' };
const admin = { uid: 'boss', token: { email: 'boss@encore.test', firebase: smsSignIn } };

function grant(docs: MemoryDocs, festivalId: string, role: FestivalRole = 'admin'): void {
  docs.seed(firestorePaths.festivalStaffMember(festivalId, admin.uid), { role, addedAt: NOW, addedBy: null });
}

/** The seed's festival with sets after midnight, a cancelled one and names that need quoting, as documents. */
function festivalToExport(docs: MemoryDocs): void {
  seedFestival(docs);
  docs.seed(firestorePaths.artist(FESTIVAL_ID, 'zoe'), { name: 'Zoë; "Live" & Ëlla', bio: '', genres: [] });
  docs.seed(firestorePaths.performance(FESTIVAL_ID, 'zoe-late'), { artistId: 'zoe', stageId: 'tent', startsAt: new Date('2026-08-14T22:30:00Z'), endsAt: new Date('2026-08-15T00:15:00Z'), status: 'scheduled', title: 'Nacht, "laat"' });
  docs.seed(firestorePaths.performance(FESTIVAL_ID, 'nina-cancelled'), { artistId: 'nina', stageId: 'main', startsAt: new Date('2026-08-15T19:00:00Z'), endsAt: new Date('2026-08-15T20:00:00Z'), status: 'cancelled' });
}

async function programmeOf(docs: MemoryDocs, festivalId: string) {
  const [artists, stages, performances] = await Promise.all([
    docs.query({ collection: firestorePaths.artists(festivalId) }, artistSchema),
    docs.query({ collection: firestorePaths.stages(festivalId) }, stageSchema),
    docs.query({ collection: firestorePaths.performances(festivalId) }, performanceSchema),
  ]);
  return { artists, stages, performances };
}

/** The sets as a visitor tells them apart: artist by name, stage, start, end, title, status. */
async function setsOf(docs: MemoryDocs, festivalId: string) {
  const { artists, performances } = await programmeOf(docs, festivalId);
  const names = new Map(artists.map((artist) => [artist.id, artist.data.name]));
  return performances
    .map(({ data }) => ({ artist: names.get(data.artistId), stage: data.stageId, startsAt: data.startsAt.toISOString(), endsAt: data.endsAt.toISOString(), title: data.title ?? null, status: data.status }))
    .sort((a, b) => a.startsAt.localeCompare(b.startsAt) || a.stage.localeCompare(b.stage));
}

describe('the programme export, imported into a new edition by the importProgramme handler', () => {
  for (const language of ['en', 'nl'] as const) {
    it(`(${language}) gives the new edition the same sets, and importing it at home writes nothing`, async () => {
      const deps = testDeps();
      festivalToExport(deps.docs);
      grant(deps.docs, FESTIVAL_ID);
      const festival = festivalSchema.parse(deps.docs.data(firestorePaths.festival(FESTIVAL_ID)));
      const { artists, stages, performances } = await programmeOf(deps.docs, FESTIVAL_ID);
      const csv = programmeCsv(
        programmeExportRows({
          festival,
          stages: stages.map((stage) => ({ id: stage.id, ...stage.data })),
          artists: new Map(artists.map((artist) => [artist.id, artist.data])),
          performances: performances.map((set) => set.data),
        }),
        language,
      );

      // The new edition: its own festival document, the same stages (as an edition copy makes them), no artists, no sets.
      deps.docs.seed(firestorePaths.festival(NEXT), { ...festival, name: 'Encore, again' });
      for (const stage of stages) deps.docs.seed(firestorePaths.stage(NEXT, stage.id), stage.data);
      grant(deps.docs, NEXT);
      const check = await handleImportProgramme(deps, admin, { festivalId: NEXT, format: 'csv', content: csv, dryRun: true });
      expect(check).toMatchObject({ errors: [], created: performances.length, newStages: [] });
      expect(await handleImportProgramme(deps, admin, { festivalId: NEXT, format: 'csv', content: csv })).toMatchObject({ written: true, errors: [] });
      expect(await setsOf(deps.docs, NEXT)).toEqual(await setsOf(deps.docs, FESTIVAL_ID));

      const before = structuredClone(deps.docs.store);
      expect(await handleImportProgramme(deps, admin, { festivalId: FESTIVAL_ID, format: 'csv', content: csv })).toMatchObject({ written: true, created: 0, updated: 0, unchanged: performances.length, newArtists: [], newStages: [] });
      expect(deps.docs.store).toEqual(before);
    });
  }
});
