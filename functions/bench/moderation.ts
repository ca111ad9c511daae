/**
 * `npm run bench -- moderation`: what a flood of reports does to a photo's moderation
 * entry, through the real subscriber (`handleReportFiled`) over the in-memory ports. Each
 * report is from another person (28-character uids, as Firebase Auth makes them): the
 * worst case now, since one person can file only one report per photo.
 *
 * Baseline, side by side: the entry as it was before (a `reporters` map and a `reportIds`
 * list growing with every report; report ids were 20-character random ids), fed the same
 * reports. Firestore refuses a document over 1 MiB, so the old entry stopped accepting
 * reports at the count printed; the new one stays the same size.
 */
import { print } from './_quiet-console.js';
import { firestorePaths } from '@encore/model';
import { handleReportFiled } from '../src/handlers/report-filed.js';
import { TEST_SETTINGS, FESTIVAL_ID, fileReport, seedFestival, testDeps, testPhoto } from '../src/testing/deps.js';

const REPORTS = Number(process.env.BENCH_REPORTS ?? 3000);
const MIB = 1024 * 1024;

const deps = testDeps({ settings: { ...TEST_SETTINGS, dailyUploadQuota: 50, reportHideThreshold: 3 } });
seedFestival(deps.docs);
deps.docs.seed(firestorePaths.photo(FESTIVAL_ID, 'flooded'), testPhoto());
const entryPath = firestorePaths.moderationEntry(FESTIVAL_ID, 'flooded');
const bytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value));

const old = { reporters: {} as Record<string, string>, reportIds: [] as string[] };
const checkpoints = new Set([1, 10, 100, 1000, REPORTS]);
for (let index = 1; index <= REPORTS; index++) {
  const uid = `u${String(index).padStart(27, '0')}`;
  if (index % 2 === 0) deps.accounts.add(uid);
  const event = fileReport(deps.docs, 'flooded', uid, index % 3 === 0 ? 'spam' : 'privacy');
  await handleReportFiled(deps, event);
  old.reporters[uid] = event.data.reason;
  old.reportIds.push(`r${String(index).padStart(19, '0')}`);
  if (checkpoints.has(index)) {
    print(`after ${String(index).padStart(6)} reports: entry ${String(bytes(deps.docs.data(entryPath))).padStart(5)} B, old layout ${String(bytes(old)).padStart(9)} B (${(bytes(old) / bytes(deps.docs.data(entryPath))).toFixed(1)}x)`);
  }
}
const perReport = bytes(old) / REPORTS;
print(`old layout reached Firestore's 1 MiB document limit at about ${Math.round(MIB / perReport).toLocaleString('en')} reports; the entry stays ${bytes(deps.docs.data(entryPath))} B`);
