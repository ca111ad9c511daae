import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { CloudEvent } from './cloudevents.js';
import { EventOutbox } from './event-outbox.js';

const dirs: string[] = [];
const folder = () => {
  const dir = mkdtempSync(join(tmpdir(), 'encore-outbox-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const event = (id: string): CloudEvent => ({ specversion: '1.0', id, source: '//storage.googleapis.com/projects/_/buckets/b', type: 'google.cloud.storage.object.v1.finalized', time: '2026-08-14T20:00:00.000Z', datacontenttype: 'application/json', data: { name: id } });
const nextTick = () => new Promise((resolve) => setImmediate(resolve));

describe('the runner’s event outbox', () => {
  it('gives back, after a crash, every event accepted and not settled, as it was accepted, in order', async () => {
    const dir = folder();
    const crashed = await EventOutbox.open(dir);
    const seqs = ['a', 'b', 'c'].map((id) => crashed.accept('onUpload', 'storage.finalized', event(id)));
    crashed.settle(seqs[1]);
    await nextTick();
    // No close: the journal is read as a crash left it.
    const restarted = await EventOutbox.open(dir);
    expect(restarted.pending()).toEqual([
      { seq: seqs[0], function: 'onUpload', trigger: 'storage.finalized', event: event('a') },
      { seq: seqs[2], function: 'onUpload', trigger: 'storage.finalized', event: event('c') },
    ]);
    // New events never reuse a number of the old ones.
    expect(restarted.accept('onUpload', 'storage.finalized', event('d'))).toBeGreaterThan(seqs[2]!);
    await restarted.close();
  });

  it('is empty after everything settled and a clean stop, and keeps numbering after it', async () => {
    const dir = folder();
    const outbox = await EventOutbox.open(dir);
    const seq = outbox.accept('onWrite', 'firestore.written', event('a'));
    outbox.settle(seq);
    await outbox.close();
    const reopened = await EventOutbox.open(dir);
    expect(reopened.pending()).toEqual([]);
    expect(reopened.accept('onWrite', 'firestore.written', event('b'))).toBeGreaterThan(seq!);
    await reopened.close();
  });

  it('accepts nothing once closed', async () => {
    const outbox = await EventOutbox.open(folder());
    await outbox.close();
    expect(outbox.accept('onWrite', 'firestore.written', event('late'))).toBeUndefined();
  });
});
