/**
 * Create never overwrites (issue 36): the console's "new" forms stamp `createdAt` with the
 * server's time, and the rules refuse every update that adds, changes or drops it. So a "new"
 * stage, artist, info page or announcement written under an id that exists (the SDK's setDoc,
 * which is an update there) is refused and the existing document stays as it was; an edit that
 * leaves `createdAt` alone passes; a new document under a free id passes. Programme staff with a
 * second factor ask every case, so a refusal is about the write, not the person.
 */
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { doc, getDoc, serverTimestamp, setDoc, Timestamp, updateDoc } from 'firebase/firestore';
import { beforeEach, describe, expect, it } from 'vitest';
import { firestorePaths } from '@encore/model';
import { matrixOfPeople } from './people.js';
import { FESTIVAL_A, IDENTITIES, STAFF_DOCUMENTS } from './roles.js';

const matrix = matrixOfPeople({ programme: IDENTITIES.programme });
const db = () => matrix.db('programme');
const EARLIER = new Date('2026-06-01T10:00:00Z');

/** The document as it stands now (read through the rules: everyone reads these), its times as Dates. */
async function stored(path: string): Promise<Record<string, unknown> | undefined> {
  const data = (await getDoc(doc(db(), path))).data();
  return data && Object.fromEntries(Object.entries(data).map(([key, value]) => [key, value instanceof Timestamp ? value.toDate() : value]));
}

interface Kind {
  name: string;
  path(id: string): string;
  /** The document as the console's "new" form writes it (createdAt: the server's time). */
  created(): Record<string, unknown>;
  /** An existing document, as an earlier create left it (or, without createdAt, an import or the seed). */
  existing(createdAt: Date | null): Record<string, unknown>;
  /** What an edit form changes. */
  edit: Record<string, unknown>;
}

const KINDS: Kind[] = [
  {
    name: 'stage',
    path: (id) => firestorePaths.stage(FESTIVAL_A, id),
    created: () => ({ name: 'Main Stage', order: 0, createdAt: serverTimestamp() }),
    existing: (createdAt) => ({ name: 'Main Stage', order: 0, color: '#ff8800', ...(createdAt ? { createdAt } : {}) }),
    edit: { order: 3 },
  },
  {
    name: 'artist',
    path: (id) => firestorePaths.artist(FESTIVAL_A, id),
    created: () => ({ name: 'The Nightjars', bio: '', genres: [], createdAt: serverTimestamp() }),
    existing: (createdAt) => ({ name: 'The Nightjars', bio: 'Dream pop.', genres: ['pop'], ...(createdAt ? { createdAt } : {}) }),
    edit: { bio: 'Dream pop from Utrecht.' },
  },
  {
    name: 'info page',
    path: (id) => firestorePaths.infoPage(FESTIVAL_A, id),
    created: () => ({ order: 5, title: { en: 'Lockers', nl: '' }, body: { en: 'New text.', nl: '' }, updatedAt: serverTimestamp(), createdAt: serverTimestamp() }),
    existing: (createdAt) => ({ order: 10, title: { en: 'Lockers', nl: 'Kluisjes' }, body: { en: 'By the gate.', nl: 'Bij de poort.' }, updatedAt: EARLIER, ...(createdAt ? { createdAt } : {}) }),
    edit: { body: { en: 'By the east exit.', nl: 'Bij de oostuitgang.' }, updatedAt: serverTimestamp() },
  },
];

beforeEach(async () => {
  const owner = matrix.stack.owner;
  await owner.setDoc(firestorePaths.festival(FESTIVAL_A), { name: 'Encore 2026', timeZone: 'Europe/Amsterdam', startsOn: '2026-08-14', endsOn: '2026-08-16', venue: 'Pier' });
  for (const [path, data] of Object.entries(STAFF_DOCUMENTS)) await owner.setDoc(path, data);
});

describe.each(KINDS)('a $name', (kind) => {
  const taken = kind.path('taken');
  const free = kind.path('free');
  beforeEach(async () => {
    await matrix.stack.owner.deleteDoc(free);
  });

  it('created by the "new" form under a free id is allowed', () => assertSucceeds(setDoc(doc(db(), free), kind.created())));

  it('created without createdAt (an older console) under a free id is allowed', async () => {
    const { createdAt: _, ...withoutStamp } = kind.created();
    await assertSucceeds(setDoc(doc(db(), free), withoutStamp));
  });

  it('created with a createdAt other than the server’s time is refused', () => assertFails(setDoc(doc(db(), free), { ...kind.created(), createdAt: EARLIER })));

  it('created by the "new" form over one that has createdAt is refused, and the existing one stays', async () => {
    await matrix.stack.owner.setDoc(taken, kind.existing(EARLIER));
    await assertFails(setDoc(doc(db(), taken), kind.created()));
    expect(await stored(taken)).toEqual(kind.existing(EARLIER));
  });

  it('created by the "new" form over one without createdAt (imported, seeded) is refused', async () => {
    await matrix.stack.owner.setDoc(taken, kind.existing(null));
    await assertFails(setDoc(doc(db(), taken), kind.created()));
  });

  it('edited (its fields only, createdAt left alone) is allowed', async () => {
    await matrix.stack.owner.setDoc(taken, kind.existing(EARLIER));
    await assertSucceeds(updateDoc(doc(db(), taken), kind.edit));
  });

  it('edited by rewriting it whole without its createdAt (dropping it) is refused', async () => {
    await matrix.stack.owner.setDoc(taken, kind.existing(EARLIER));
    const { createdAt: _, ...rewritten } = { ...kind.existing(null), ...kind.edit };
    await assertFails(setDoc(doc(db(), taken), rewritten));
  });

  it('rewritten whole keeping the same createdAt is allowed', async () => {
    await matrix.stack.owner.setDoc(taken, kind.existing(EARLIER));
    await assertSucceeds(setDoc(doc(db(), taken), { ...kind.existing(EARLIER), ...kind.edit }));
  });
});

describe('an announcement', () => {
  const taken = firestorePaths.announcement(FESTIVAL_A, 'a-taken');
  const posted = { title: 'Doors open', body: 'Gates open at 14:00.', authorUid: 'pia', createdAt: EARLIER };
  const post = () => ({ title: 'Storm', body: 'Take shelter.', authorUid: 'pia', createdAt: serverTimestamp() });

  it('posted under a free id is allowed', async () => {
    await matrix.stack.owner.deleteDoc(firestorePaths.announcement(FESTIVAL_A, 'a-free'));
    await assertSucceeds(setDoc(doc(db(), firestorePaths.announcement(FESTIVAL_A, 'a-free')), post()));
  });

  it('posted over an existing one is refused, and the existing one stays', async () => {
    await matrix.stack.owner.setDoc(taken, posted);
    await assertFails(setDoc(doc(db(), taken), post()));
    expect(await stored(taken)).toEqual(posted);
  });

  it('edited (texts, who and when) is allowed', async () => {
    await matrix.stack.owner.setDoc(taken, posted);
    await assertSucceeds(updateDoc(doc(db(), taken), { body: 'Gates open at 14:30.', editedAt: serverTimestamp(), editedBy: 'pia' }));
  });
});
