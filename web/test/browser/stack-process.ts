/**
 * The browser tests' local stack (local-stack.ts) in a process and process group of its own,
 * so a test can stall the whole backend as an overloaded network would (`kill -STOP` of the
 * group: emulators, functions runner, Auth emulator, the app's server) while Chromium and the
 * test run on. Started by `startStackProcess` (stack-child.ts); prints `READY` and
 * `{ url, hosts }` as JSON on one line when ready (the stack logs too); stops its stack on SIGTERM.
 *
 * While it runs, a small crowd favourites and unfavourites sets that play at the festival's
 * busiest evening (firebase-admin writes, as the app's would land), so the live document
 * changes every cadence as it does at a real festival.
 */
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { firestorePaths } from '@encore/model';
import { startLocalStack } from './local-stack';
import { READY } from './stack-ready';

const FESTIVAL = 'encore-2026';
const CROWD = 12;
const EVERY_MS = 700;

const stack = await startLocalStack();
const admin = initializeApp({ projectId: stack.projectId }, 'crowd');
const db = getFirestore(admin);
const sets = (await db.collection(`festivals/${FESTIVAL}/performances`).limit(6).get()).docs.map((found) => found.id);
process.stdout.write(`${READY}${JSON.stringify({ url: stack.url, hosts: stack.hosts })}\n`);

let turn = 0;
const crowd = setInterval(() => {
  const fan = `crowd-fan-${turn % CROWD}`;
  const set = sets[turn % sets.length]!;
  turn++;
  const favorite = db.doc(firestorePaths.favorite(fan, set));
  void favorite
    .get()
    .then((found) => (found.exists ? favorite.delete() : favorite.set({ festivalId: FESTIVAL, performanceId: set, createdAt: new Date() })))
    .catch(() => undefined);
}, EVERY_MS);

process.on('SIGTERM', () => {
  clearInterval(crowd);
  void deleteApp(admin)
    .then(() => stack.stop())
    .finally(() => process.exit(0));
});
