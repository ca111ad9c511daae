/**
 * Publications at a bounded cadence, shared by every instance, first change at once.
 *
 * Time is cut into epoch-aligned windows of the publication interval; slot `n` is the end of
 * window `n - 1`, at `n * interval`. A change after a quiet period (no publication in the slot
 * that ended the current window's start, nor since) is published at once: a LEADING
 * publication, run now, that takes the current window's slot, so the changes that follow
 * ride on the next slot, at least one interval after it. Otherwise a change rides on a
 * TRAILING publication at its slot's time. Each publication is one Cloud Task whose id names
 * the kind, the festival, the slot and whether it leads; every instance that stores a change
 * asks for that task, and Cloud Tasks creates each id once (a second ask is refused as
 * existing). So in the steady state any two publications are at least an interval apart (a
 * burst costs one publication per interval), and a change stored before a publication's time
 * is read by it.
 *
 * An instance decides from its own memory (the last publication it asked for), never from a
 * read. Two instances may both think they are first:
 * - both ask for the same window's leading task: one creates it, the other is refused and,
 *   not knowing when that one ran, rides on the next slot's trailing publication instead
 *   (`afterRefusedLead`): the change is never lost;
 * - one leads while another, which knows of the previous slot, asks for the current slot's
 *   trailing publication: both run, less than an interval apart (the live documents'
 *   publisher then waits out the interval itself; a programme rebuild runs twice).
 * A window thus has at most one leading and one trailing publication however many instances
 * ask: at worst one publication more than the cadence, never a lost change.
 * Trailing and leading ids differ, so a refused trailing ask always means a task at the same
 * time, which reads the change.
 */

/** The kinds of publication that run at the cadence, each its own task queue. */
export type PublicationKind = 'sets' | 'photos' | 'programme';

export interface Publication {
  /** Its slot: a trailing one runs at `slot * interval`, a leading one in the window before. */
  slot: number;
  /** When it runs. */
  at: Date;
  /** Run at once after a quiet period (true) or at its slot's time. */
  leading: boolean;
}

export interface StoredChange {
  /** When the change was stored (committed): a publication that runs after it reads it. */
  storedAtMs: number;
  /** The asking instance's clock now (at or after `storedAtMs`). */
  nowMs: number;
}

/**
 * The publication a change rides on, given the last one this instance asked for, or null when
 * that one runs after the change was stored (it will read it: nothing to ask). `mayLead`
 * false asks for a trailing one only: a publication's own follow-up and the sweep, which would
 * otherwise publish again at once.
 */
export function publicationFor(change: StoredChange, intervalMs: number, last: Publication | undefined, mayLead = true): Publication | null {
  const storedAtMs = Math.min(change.storedAtMs, change.nowMs);
  if (last && last.at.getTime() > storedAtMs) return null;
  // The slot that ends the window `now` is in (a change at a window's very end rides on the next).
  const current = Math.floor(change.nowMs / intervalMs) + 1;
  // Quiet: nothing this instance asked for ran in the previous slot or since.
  if (mayLead && (!last || last.slot <= current - 2)) return { slot: current, at: new Date(change.nowMs), leading: true };
  const slot = Math.max(current, (last?.slot ?? 0) + 1);
  return trailing(slot, intervalMs);
}

/**
 * Where a change goes when its leading ask was refused (another instance led this window, at
 * a time this one does not know, maybe before the change was stored): the next slot's
 * trailing publication, which runs after the change and at least an interval after that lead.
 */
export function afterRefusedLead(lead: Publication, intervalMs: number): Publication {
  return trailing(lead.slot + 1, intervalMs);
}

function trailing(slot: number, intervalMs: number): Publication {
  return { slot, at: new Date(slot * intervalMs), leading: false };
}

/**
 * The task id of a festival's publication of `kind` in `slot`: only letters, digits, `-` and
 * `_` (Cloud Tasks' alphabet, at most 500 characters), so a festival id's other characters are
 * written as `_` and their code in hex. The slot and whether it leads come first, so a long
 * festival id cut at 500 characters never merges two slots or a leading and a trailing task.
 */
export function publicationTaskId(kind: PublicationKind, festivalId: string, publication: Pick<Publication, 'slot' | 'leading'>): string {
  const safe = festivalId.replace(/[^A-Za-z0-9-]/g, (char) => `_${char.codePointAt(0)!.toString(16)}_`);
  return `${kind}-${publication.leading ? 'lead-' : ''}${publication.slot}-${safe}`.slice(0, 500);
}
