/**
 * A stage running late (issue 36): the console's one batch (the delay and the sets it moves)
 * and its undo's, through the web SDK against our Firestore emulator with the repo's
 * firestore.rules. Programme staff with a second factor may make both; the rules tie the delay
 * and its sets together (each set moves by exactly the delay's minutes, keeps its printed
 * times, and the delay needs its first set to carry its id), so neither half goes alone.
 */
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { deleteField, doc, serverTimestamp, Timestamp, updateDoc, writeBatch, type Firestore } from 'firebase/firestore';
import { afterAll, beforeAll, beforeEach, describe, it } from 'vitest';
import { startMatrixStack, type MatrixStack } from './harness.js';
import { FESTIVAL_A, IDENTITIES, type Role } from './roles.js';

const F = `festivals/${FESTIVAL_A}`;
const minutes = (n: number) => n * 60_000;
const T = (time: string) => new Date(`2026-08-15T${time}:00Z`);
const FESTIVAL = { name: 'Encore 2026', timeZone: 'Europe/Amsterdam', startsOn: '2026-08-14', endsOn: '2026-08-16', venue: 'NDSM Pier' };
const SET = (startsAt: Date, extra: Record<string, unknown> = {}) => ({ artistId: 'amara-okafor', stageId: 'main', startsAt, endsAt: new Date(startsAt.getTime() + minutes(60)), status: 'scheduled', ...extra });

let stack: MatrixStack;
beforeAll(async () => {
  stack = await startMatrixStack();
});
afterAll(async () => {
  await stack?.stop();
});
beforeEach(async () => {
  await stack.owner.setDoc(F, FESTIVAL);
  await stack.owner.setDoc(`${F}/performances/p1`, SET(T('18:45')));
  await stack.owner.setDoc(`${F}/performances/p2`, SET(T('20:00')));
  await stack.owner.deleteDoc(`${F}/delays/d1`);
  await stack.owner.deleteDoc(`${F}/delays/d2`);
});

const db = (role: Role) => stack.as(role).firestore() as unknown as Firestore;
const ts = (date: Date) => Timestamp.fromDate(date);

interface Options {
  delayId?: string;
  minutes?: number;
  sets?: Array<{ id: string; from: Date; shift?: number; scheduled?: Date; previous?: string }>;
  performanceIds?: string[];
  skipDelay?: boolean;
  extra?: Record<string, unknown>;
}

/** The console's delay batch: the delay and each set `minutes` later (or as a case bends it). */
function delayBatch(role: Role, options: Options = {}) {
  const { delayId = 'd1', minutes: by = 20 } = options;
  const sets = options.sets ?? [{ id: 'p1', from: T('18:45') }, { id: 'p2', from: T('20:00') }];
  const store = db(role);
  const batch = writeBatch(store);
  const previous = Object.fromEntries(sets.flatMap((set) => (set.previous ? [[set.id, set.previous]] : [])));
  if (!options.skipDelay) {
    batch.set(doc(store, `${F}/delays/${delayId}`), {
      stageId: 'main', day: '2026-08-15', minutes: by, performanceIds: options.performanceIds ?? sets.map((set) => set.id),
      ...(Object.keys(previous).length ? { previousDelayIds: previous } : {}),
      createdAt: serverTimestamp(), createdBy: IDENTITIES[role as Exclude<Role, 'signedOut'>]?.uid ?? 'x', status: 'active', ...options.extra,
    });
  }
  for (const set of sets) {
    const shift = minutes(set.shift ?? by);
    const scheduled = set.scheduled ?? set.from;
    batch.update(doc(store, `${F}/performances/${set.id}`), {
      startsAt: ts(new Date(set.from.getTime() + shift)), endsAt: ts(new Date(set.from.getTime() + minutes(60) + shift)),
      scheduled: { startsAt: ts(scheduled), endsAt: ts(new Date(scheduled.getTime() + minutes(60))) }, delayId,
    });
  }
  return batch.commit();
}

/** The console's undo batch: the delay undone, each set back by its minutes, to the delay before or to none. */
function undoBatch(role: Role, sets: Array<{ id: string; at: Date; back?: number; previous?: string; scheduled?: Date }>, delayId = 'd1', options: { skipDelay?: boolean } = {}) {
  const store = db(role);
  const batch = writeBatch(store);
  if (!options.skipDelay) batch.update(doc(store, `${F}/delays/${delayId}`), { status: 'undone', undoneAt: serverTimestamp(), undoneBy: IDENTITIES[role as Exclude<Role, 'signedOut'>]?.uid ?? 'x' });
  for (const set of sets) {
    const back = minutes(set.back ?? 20);
    batch.update(doc(store, `${F}/performances/${set.id}`), {
      startsAt: ts(new Date(set.at.getTime() - back)), endsAt: ts(new Date(set.at.getTime() + minutes(60) - back)),
      ...(set.previous ? { delayId: set.previous } : { delayId: deleteField(), scheduled: deleteField() }),
    });
  }
  return batch.commit();
}

describe('a stage running late: festivals/{f}/delays/{delayId} with its sets, in one batch', () => {
  it('programme staff and admins with a second factor may delay a stage; visitors, other staff and a password alone may not', async () => {
    await assertSucceeds(delayBatch('programme'));
    for (const role of ['admin', 'projectAdmin'] as const) {
      await stack.owner.setDoc(`${F}/performances/p1`, SET(T('18:45')));
      await stack.owner.setDoc(`${F}/performances/p2`, SET(T('20:00')));
      await assertSucceeds(delayBatch(role, { delayId: role === 'admin' ? 'd2' : 'd3' }));
    }
    for (const role of ['visitor', 'moderator', 'programmeNoFactor', 'staffOfB', 'anonymous', 'signedOut'] as const) {
      await stack.owner.setDoc(`${F}/performances/p1`, SET(T('18:45')));
      await stack.owner.setDoc(`${F}/performances/p2`, SET(T('20:00')));
      await assertFails(delayBatch(role, { delayId: 'd4' }));
    }
  });

  it('refuses a set moved by other minutes than the delay’s, or with its printed times changed', async () => {
    await assertFails(delayBatch('programme', { sets: [{ id: 'p1', from: T('18:45') }, { id: 'p2', from: T('20:00'), shift: 25 }] }));
    await assertFails(delayBatch('programme', { sets: [{ id: 'p1', from: T('18:45'), scheduled: T('18:30') }] }));
  });

  it('refuses the delay alone, a set carrying a delay it does not belong to, and a set moved alone with a delay id', async () => {
    await assertFails(delayBatch('programme', { sets: [], performanceIds: ['p1'] }));
    await assertFails(delayBatch('programme', { sets: [{ id: 'p1', from: T('18:45') }, { id: 'p2', from: T('20:00') }], performanceIds: ['p1'] }));
    await assertFails(delayBatch('programme', { skipDelay: true }));
  });

  it('refuses a delay out of range, one not signed by its writer or already undone, and a cancelled set moved with it', async () => {
    await assertFails(delayBatch('programme', { minutes: 241 }));
    await assertFails(delayBatch('programme', { minutes: 0 }));
    await assertFails(delayBatch('programme', { extra: { createdBy: 'ada' } }));
    await assertFails(delayBatch('programme', { extra: { status: 'undone', undoneAt: serverTimestamp(), undoneBy: 'pia' } }));
    await stack.owner.setDoc(`${F}/performances/p2`, SET(T('20:00'), { status: 'cancelled' }));
    await assertFails(delayBatch('programme'));
  });

  it('refuses a delay in an archived festival', async () => {
    await stack.owner.setDoc(F, { ...FESTIVAL, archivedAt: new Date('2026-08-20T10:00:00Z') });
    await assertFails(delayBatch('programme'));
  });

  it('an ordinary edit of a delayed set keeps its delay and printed times: it may not change or drop them', async () => {
    await assertSucceeds(delayBatch('programme'));
    await assertSucceeds(updateDoc(doc(db('programme'), `${F}/performances/p1`), { title: 'DJ set' }));
    await assertFails(updateDoc(doc(db('programme'), `${F}/performances/p1`), { delayId: deleteField(), scheduled: deleteField() }));
    await assertFails(updateDoc(doc(db('programme'), `${F}/performances/p1`), { scheduled: { startsAt: ts(T('17:00')), endsAt: ts(T('18:00')) } }));
  });
});

describe('undoing a delay, in one batch', () => {
  it('puts the sets back to their printed times, once: a second undo is refused', async () => {
    await assertSucceeds(delayBatch('programme'));
    const moved = [{ id: 'p1', at: T('19:05') }, { id: 'p2', at: T('20:20') }];
    await assertFails(undoBatch('visitor', moved));
    await assertSucceeds(undoBatch('programme', moved));
    await assertFails(undoBatch('programme', [{ id: 'p1', at: T('18:45') }]));
  });

  it('refuses an undo that moves the sets by other minutes, keeps their delay, or leaves its first set delayed', async () => {
    await assertSucceeds(delayBatch('programme'));
    await assertFails(undoBatch('programme', [{ id: 'p1', at: T('19:05'), back: 15 }, { id: 'p2', at: T('20:20') }]));
    await assertFails(undoBatch('programme', [{ id: 'p2', at: T('20:20') }]));
    await assertFails(undoBatch('programme', [{ id: 'p1', at: T('19:05') }, { id: 'p2', at: T('20:20') }], 'd1', { skipDelay: true }));
  });

  it('stacks a second delay on the first (printed times kept, the first remembered) and undoes it back to the first', async () => {
    await assertSucceeds(delayBatch('programme'));
    await assertSucceeds(delayBatch('programme', { delayId: 'd2', minutes: 10, sets: [{ id: 'p1', from: T('19:05'), scheduled: T('18:45'), previous: 'd1' }] }));
    // The first may not be undone while the second holds its first set.
    await assertFails(undoBatch('programme', [{ id: 'p2', at: T('20:20') }]));
    await assertFails(undoBatch('programme', [{ id: 'p1', at: T('19:15'), back: 10 }], 'd2'));
    await assertSucceeds(undoBatch('programme', [{ id: 'p1', at: T('19:15'), back: 10, previous: 'd1' }], 'd2'));
    await assertSucceeds(undoBatch('programme', [{ id: 'p1', at: T('19:05') }, { id: 'p2', at: T('20:20') }]));
  });
});
