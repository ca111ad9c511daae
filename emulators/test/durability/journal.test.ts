/**
 * The journal and snapshot under the emulators' durable state: records survive a reopen,
 * each kind of torn tail is reported in one line (file, byte offset, records kept and
 * skipped) and skipped without failing the start, and a compaction interrupted at any step
 * still restores everything.
 */
import { appendFile, mkdtemp, readdir, readFile, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { encodeFrame, JournaledState, type Recovery } from '../../src/durability/index.js';

interface Entry {
  n: number;
  text: string;
}

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'encore-journal-'));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A toy state (a list of entries) kept in `dir`, with every report collected. */
async function openList(): Promise<{ list: Entry[]; journal: JournaledState<Entry[], Entry>; recovery: Recovery; reports: string[] }> {
  const list: Entry[] = [];
  const reports: string[] = [];
  const { state, recovery } = await JournaledState.open<Entry[], Entry>({
    dir,
    restore: (saved) => list.push(...saved),
    replay: (entry) => list.push(entry),
    capture: () => [...list],
    report: (line) => reports.push(line),
  });
  return { list, journal: state, recovery, reports };
}

async function writeEntries(count: number): Promise<void> {
  const { list, journal } = await openList();
  for (let n = 0; n < count; n++) {
    const entry = { n, text: `entry ${n}` };
    journal.append(entry);
    list.push(entry);
  }
  // No close: a clean close would compact; this leaves the records in the journal, as a kill does.
  await journal.flush();
}

const journalFile = () => join(dir, 'journal-000001.log');
const frameBytes = (n: number) => encodeFrame(Buffer.from(JSON.stringify({ n, text: `entry ${n}` }))).byteLength;

describe('a journal', () => {
  it('replays every appended record after a reopen without a clean close', async () => {
    await writeEntries(5);
    const { list, recovery, reports } = await openList();
    expect(list.map((entry) => entry.n)).toEqual([0, 1, 2, 3, 4]);
    expect(recovery).toMatchObject({ empty: false, snapshotLoaded: false, recordsReplayed: 5, tears: [] });
    expect(reports).toEqual([]);
  });

  it('closes after its batched fsync has run', async () => {
    const list: Entry[] = [];
    const { state } = await JournaledState.open<Entry[], Entry>({
      dir,
      restore: (saved) => list.push(...saved),
      replay: (entry) => list.push(entry),
      capture: () => [...list],
      fsyncIntervalMs: 1,
    });
    state.append({ n: 0, text: 'entry 0' });
    list.push({ n: 0, text: 'entry 0' });
    await new Promise((resolve) => setTimeout(resolve, 30));
    await state.close();
    expect((await openList()).list).toEqual([{ n: 0, text: 'entry 0' }]);
  });

  it('starts empty in an empty folder', async () => {
    const { list, recovery } = await openList();
    expect(list).toEqual([]);
    expect(recovery.empty).toBe(true);
  });

  it('on close folds everything into one snapshot and an empty journal', async () => {
    await writeEntries(3);
    const reopened = await openList();
    await reopened.journal.close();
    expect((await readdir(dir)).sort()).toEqual(['journal-000002.log', 'snapshot.json']);
    expect((await readFile(join(dir, 'journal-000002.log'))).byteLength).toBe(0);
    const { list, recovery } = await openList();
    expect(list.map((entry) => entry.n)).toEqual([0, 1, 2]);
    expect(recovery).toMatchObject({ snapshotLoaded: true, recordsReplayed: 0 });
  });
});

describe('a torn tail', () => {
  const kept = 3;
  const keptBytes = () => Array.from({ length: kept }, (_, n) => frameBytes(n)).reduce((a, b) => a + b, 0);

  async function expectTear(reason: string, skippedRecords: number, skippedBytes: number): Promise<void> {
    const { list, recovery, reports, journal } = await openList();
    expect(list.map((entry) => entry.n)).toEqual([0, 1, 2]);
    expect(reports).toEqual([
      `${journalFile()}: torn tail at byte ${keptBytes()} (${reason}): kept ${kept} records, skipped ${skippedRecords} record${skippedRecords === 1 ? '' : 's'} (${skippedBytes} bytes)`,
    ]);
    expect(recovery.tears).toEqual(reports);
    // The damaged bytes are gone at once: what is appended next survives the next start.
    journal.append({ n: 99, text: 'after the tear' });
    await journal.flush();
    const again = await openList();
    expect(again.list.map((entry) => entry.n)).toEqual([0, 1, 2, 99]);
    expect(again.reports).toEqual([]);
  }

  it('with a truncated length (the header cut short) is reported and skipped', async () => {
    await writeEntries(4);
    await truncate(journalFile(), keptBytes() + 5);
    await expectTear('truncated length', 1, 5);
  });

  it('with a truncated payload is reported and skipped', async () => {
    await writeEntries(4);
    await truncate(journalFile(), keptBytes() + frameBytes(3) - 4);
    await expectTear('truncated payload', 1, frameBytes(3) - 4);
  });

  it('with a bad checksum is reported and skipped, and no record after it is replayed', async () => {
    await writeEntries(5);
    const data = await readFile(journalFile());
    data.writeUInt8(data.readUInt8(keptBytes() + 12) ^ 0xff, keptBytes() + 12); // a payload byte of record 3
    await writeFile(journalFile(), data);
    await expectTear('bad checksum', 2, frameBytes(3) + frameBytes(4));
  });

  it('of garbage (zero-filled, as after a power cut) is reported and skipped', async () => {
    await writeEntries(3);
    await appendFile(journalFile(), Buffer.alloc(4096));
    await expectTear('garbage', 1, 4096);
  });

  it('of random garbage is reported and skipped', async () => {
    await writeEntries(3);
    await appendFile(journalFile(), Buffer.from('\xff\xff\xff\x7fnot a record at all', 'latin1'));
    await expectTear('garbage', 1, 23);
  });
});

describe('an interrupted compaction', () => {
  it('that wrote the new journal but not the snapshot replays both journals', async () => {
    await writeEntries(2);
    // As if a compaction had switched to journal 2 and died before its snapshot: records in both.
    await writeFile(join(dir, 'journal-000002.log'), Buffer.concat([encodeFrame(Buffer.from(JSON.stringify({ n: 2, text: 'entry 2' })))]));
    const { list, recovery } = await openList();
    expect(list.map((entry) => entry.n)).toEqual([0, 1, 2]);
    expect(recovery.recordsReplayed).toBe(3);
  });

  it('that wrote the snapshot but did not delete the old journal ignores (and removes) it', async () => {
    await writeEntries(2);
    const saved = await readFile(journalFile());
    const reopened = await openList();
    await reopened.journal.close(); // snapshot of [0, 1], journal 2
    await writeFile(journalFile(), saved); // the old journal is back, as if never deleted
    const { list } = await openList();
    expect(list.map((entry) => entry.n)).toEqual([0, 1]);
    expect(await readdir(dir)).not.toContain('journal-000001.log');
  });

  it('compacts on its own once the journal passes its threshold, keeping every record', async () => {
    const list: Entry[] = [];
    const { state } = await JournaledState.open<Entry[], Entry>({
      dir,
      restore: (saved) => list.push(...saved),
      replay: (entry) => list.push(entry),
      capture: () => [...list],
      compactAfterBytes: 1000,
    });
    for (let n = 0; n < 200; n++) {
      const entry = { n, text: `entry ${n}` };
      state.append(entry);
      list.push(entry);
      if (n % 50 === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    await state.flush();
    expect(state.journalBytes).toBeLessThan(200 * frameBytes(100));
    expect(await readdir(dir)).toContain('snapshot.json');
    const reopened = await openList();
    expect(reopened.list.map((entry) => entry.n)).toEqual(Array.from({ length: 200 }, (_, n) => n));
  });
});
