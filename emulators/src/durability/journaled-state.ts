/**
 * Durable state for an in-memory emulator: a snapshot plus a write-ahead journal, in one
 * folder.
 *
 *   <dir>/snapshot.json          { format, version, journal: n, state } (written atomically)
 *   <dir>/journal-<n>.log        records appended since that snapshot (framed, checksummed)
 *   <dir>/journal-<n+1>.log ...  newer journals, after a compaction that has not finished
 *
 * Every change is appended (synchronously) before the emulator acknowledges it; fsync is
 * batched (journal-writer.ts). Compaction captures the state, switches appends to a new
 * journal in the same tick, writes the snapshot atomically and only then deletes the older
 * journals, so a crash at any point leaves a snapshot and the journals that follow it.
 *
 * Opening replays the snapshot and the journals in order. A torn or damaged tail (the
 * process or machine died mid-append) is reported in one line and skipped, never a failed
 * start; replay stops at the first damaged record (later ones may depend on it) and the
 * state is compacted at once, so the damaged bytes are gone before anything new is written.
 */
import { mkdir, readFile, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from './atomic-file.js';
import { describeTear, scanFrames } from './frame.js';
import { JournalWriter } from './journal-writer.js';

const SNAPSHOT_FORMAT = 'encore-snapshot';
const SNAPSHOT_VERSION = 1;
const SNAPSHOT_FILE = 'snapshot.json';
const JOURNAL_NAME = /^journal-(\d+)\.log$/;

export interface JournaledStateOptions<State, Entry> {
  dir: string;
  /** Replaces the in-memory state with a snapshot's (called at most once, before any record). */
  restore(state: State): void;
  /** Applies one journal record. */
  replay(entry: Entry): void;
  /** The current state in a JSON-serialisable form, taken synchronously at compaction. */
  capture(): State;
  /** Compact once the journal holds this many bytes; default 32 MiB. */
  compactAfterBytes?: number;
  /** Longest a record waits for its fsync; default 1000 ms. */
  fsyncIntervalMs?: number;
  /** Where start-up reports a torn tail; default console.warn. */
  report?: (line: string) => void;
}

export interface Recovery {
  /** True when the folder had neither a snapshot nor a journal record: nothing was restored. */
  empty: boolean;
  snapshotLoaded: boolean;
  recordsReplayed: number;
  /** One line per damaged journal, as reported. */
  tears: string[];
}

interface SnapshotFile<State> {
  format: typeof SNAPSHOT_FORMAT;
  version: number;
  /** The first journal whose records are not in `state`. */
  journal: number;
  state: State;
}

export class JournaledState<State, Entry> {
  private writer: JournalWriter;
  private journalNumber: number;
  private compacting: Promise<void> | undefined;
  private compactionDue: NodeJS.Immediate | undefined;
  private closed = false;

  private constructor(
    private readonly options: JournaledStateOptions<State, Entry>,
    journalNumber: number,
    journalSize: number,
    /** A snapshot exists on disk (so an empty journal means there is nothing to fold). */
    private hasSnapshot: boolean,
  ) {
    this.journalNumber = journalNumber;
    this.writer = this.openWriter(journalNumber, journalSize);
  }

  /** Restores the folder's state through `restore`/`replay` and opens it for appending. */
  static async open<State, Entry>(options: JournaledStateOptions<State, Entry>): Promise<{ state: JournaledState<State, Entry>; recovery: Recovery }> {
    await mkdir(options.dir, { recursive: true });
    const report = options.report ?? ((line: string) => console.warn(line));
    const snapshot = await readSnapshot<State>(join(options.dir, SNAPSHOT_FILE));
    const first = snapshot?.journal ?? 1;
    if (snapshot) options.restore(snapshot.state);
    const journals = await listJournals(options.dir);
    // Journals older than the snapshot are already in it (a compaction ended before deleting them).
    for (const number of journals.filter((n) => n < first)) await rm(journalPath(options.dir, number), { force: true });
    const pending = journals.filter((n) => n >= first);

    const recovery: Recovery = { empty: snapshot === undefined, snapshotLoaded: snapshot !== undefined, recordsReplayed: 0, tears: [] };
    let damaged = false;
    for (const number of pending) {
      const path = journalPath(options.dir, number);
      const data = await readFile(path);
      if (damaged) {
        // Everything after a damaged record is skipped, whole journals included.
        const skipped = scanFrames(data).payloads.length;
        recovery.tears.push(`${path}: skipped ${skipped} record${skipped === 1 ? '' : 's'} (${data.byteLength} bytes) after the damaged journal`);
        continue;
      }
      const frames = scanFrames(data);
      for (const payload of frames.payloads) {
        options.replay(JSON.parse(payload.toString('utf8')) as Entry);
        recovery.recordsReplayed++;
      }
      if (frames.payloads.length > 0) recovery.empty = false;
      if (frames.tear) {
        damaged = true;
        recovery.tears.push(describeTear(path, frames.tear, frames.payloads.length));
      }
    }
    for (const line of recovery.tears) report(line);

    const last = pending.at(-1) ?? first;
    const size = pending.length === 0 ? 0 : (await stat(journalPath(options.dir, last))).size;
    const state = new JournaledState(options, last, size, snapshot !== undefined);
    // Rewrite the damaged journals away before anything is appended after their garbage.
    if (damaged) await state.compact();
    return { state, recovery };
  }

  /**
   * Appends one record (JSON) before returning; throws if it cannot be written. The caller
   * applies the change to its state in the same tick (a compaction captures it later).
   */
  append(entry: Entry): void {
    if (this.closed) throw new Error(`The journal in ${this.options.dir} is closed`);
    this.writer.append(Buffer.from(JSON.stringify(entry), 'utf8'));
    if (this.writer.size >= (this.options.compactAfterBytes ?? 32 * 1024 * 1024) && !this.compacting && !this.compactionDue) {
      // Not now: the caller applies the change to memory after appending it, and the snapshot must include it.
      this.compactionDue = setImmediate(() => {
        this.compactionDue = undefined;
        if (this.closed) return;
        this.compact().catch((error: unknown) => console.error(`[durability] compaction of ${this.options.dir} failed:`, error));
      });
    }
  }

  /** Bytes in the current journal (what a compaction would fold into the snapshot). */
  get journalBytes(): number {
    return this.writer.size;
  }

  /**
   * Folds the journal into a new snapshot. The state is captured and appends move to a new
   * journal synchronously; the snapshot is then written atomically and the old journals removed.
   */
  compact(): Promise<void> {
    if (this.compacting) return this.compacting.then(() => this.compact());
    const next = this.journalNumber + 1;
    const text = JSON.stringify({ format: SNAPSHOT_FORMAT, version: SNAPSHOT_VERSION, journal: next, state: this.options.capture() } satisfies SnapshotFile<State>);
    // The old journal is flushed before the switch: only the newest journal can ever be torn.
    this.writer.flushSync();
    const previous = this.writer;
    this.writer = this.openWriter(next, 0);
    this.journalNumber = next;
    const work = (async () => {
      await previous.close();
      await writeFileAtomic(join(this.options.dir, SNAPSHOT_FILE), text);
      this.hasSnapshot = true;
      for (const number of await listJournals(this.options.dir)) {
        if (number < next) await rm(journalPath(this.options.dir, number), { force: true });
      }
    })();
    this.compacting = work.finally(() => {
      this.compacting = undefined;
    });
    return this.compacting;
  }

  /** Lets a compaction that is due or running finish, then flushes appended records to the disk. */
  async flush(): Promise<void> {
    // Immediates run in order: once this one runs, a compaction that was due has started.
    if (this.compactionDue) await new Promise((resolve) => setImmediate(resolve));
    await this.compacting;
    await this.writer.flush();
  }

  /** Compacts and closes: the folder then holds one snapshot and an empty journal. */
  async close(): Promise<void> {
    if (this.closed) return;
    if (this.compactionDue) clearImmediate(this.compactionDue);
    this.compactionDue = undefined;
    await this.compacting;
    if (this.writer.size > 0 || !this.hasSnapshot) await this.compact();
    this.closed = true;
    await this.writer.close();
  }

  private openWriter(number: number, size: number): JournalWriter {
    return new JournalWriter(journalPath(this.options.dir, number), size, { fsyncIntervalMs: this.options.fsyncIntervalMs });
  }
}

function journalPath(dir: string, number: number): string {
  return join(dir, `journal-${String(number).padStart(6, '0')}.log`);
}

async function listJournals(dir: string): Promise<number[]> {
  const numbers: number[] = [];
  for (const name of await readdir(dir)) {
    const match = JOURNAL_NAME.exec(name);
    if (match) numbers.push(Number(match[1]));
  }
  return numbers.sort((a, b) => a - b);
}

async function readSnapshot<State>(path: string): Promise<SnapshotFile<State> | undefined> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  // Written by rename after fsync, so never torn; anything unreadable here is not ours to guess at.
  const file = JSON.parse(text) as Partial<SnapshotFile<State>>;
  if (file.format !== SNAPSHOT_FORMAT || file.version !== SNAPSHOT_VERSION || typeof file.journal !== 'number') {
    throw new Error(`${path} is not a version ${SNAPSHOT_VERSION} ${SNAPSHOT_FORMAT} file`);
  }
  return file as SnapshotFile<State>;
}
