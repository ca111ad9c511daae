import { readFile } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BlobStore } from './blob-store.js';
import { hashObject } from './hashes.js';
import { UploadSessions, type Chunk } from './upload-sessions.js';

let blobs: BlobStore;

beforeEach(async () => {
  blobs = await BlobStore.open();
});

afterEach(async () => {
  await blobs.close();
});

const start = (sessions: UploadSessions, declaredSize?: number) =>
  sessions.start({ bucket: 'b', name: 'n', patch: {}, contentType: undefined, declaredSize, caller: { kind: 'owner' }, preconditions: {} });

async function* bytesOf(...parts: string[]): AsyncIterable<Buffer> {
  for (const part of parts) yield Buffer.from(part);
}

const chunk = (offset: number, text: string, last = false, extra: Partial<Chunk> = {}): Chunk => ({ offset, declaredLength: undefined, body: bytesOf(text), last, ...extra });

/** Finalizes and returns the bytes and checksums the object would get. */
async function finalBytes(sessions: UploadSessions, session: ReturnType<typeof start>) {
  let seen: { text: string; hashes: unknown } | undefined;
  await sessions.finalize(session, async (blob) => {
    seen = { text: await readFile(blob.path, 'utf8'), hashes: blob.hashes() };
    return { name: 'n' } as never;
  });
  return seen!;
}

describe('UploadSessions', () => {
  it('appends chunks only at the received offset and within the declared size, hashing exactly what was kept', async () => {
    const sessions = new UploadSessions(blobs, 1000);
    const session = start(sessions, 6);
    await sessions.append(session, chunk(0, 'abc'));
    await expect(sessions.append(session, chunk(2, 'cde'))).rejects.toThrow(/offset/);
    await expect(sessions.append(session, chunk(3, 'defg'))).rejects.toThrow(/declared size/);
    await expect(sessions.append(session, chunk(3, 'de', true))).rejects.toThrow(/declared size/);
    expect(session.received).toBe(3);
    await sessions.append(session, chunk(3, 'def', true));
    expect(await finalBytes(sessions, session)).toEqual({ text: 'abcdef', hashes: hashObject(Buffer.from('abcdef')) });
  });

  it('keeps nothing of a chunk that fails mid-body or its check, and refuses sizes past the limit (413) before reading', async () => {
    const sessions = new UploadSessions(blobs, 10);
    const session = start(sessions);
    await sessions.append(session, chunk(0, 'ab'));
    async function* aborted(): AsyncIterable<Buffer> {
      yield Buffer.from('xyz');
      throw new Error('aborted');
    }
    await expect(sessions.append(session, { offset: 2, declaredLength: undefined, body: aborted(), last: false })).rejects.toThrow('aborted');
    const rejectAll = () => {
      throw new Error('bad range');
    };
    await expect(sessions.append(session, chunk(2, 'cd', false, { check: rejectAll }))).rejects.toThrow('bad range');
    await expect(sessions.append(session, chunk(2, 'c', false, { declaredLength: 9 }))).rejects.toMatchObject({ status: 413 });
    await expect(sessions.append(session, chunk(2, 'cdefghijk'))).rejects.toMatchObject({ status: 413 });
    expect(session.received).toBe(2);
    await sessions.append(session, chunk(2, 'cd', true));
    expect(await finalBytes(sessions, session)).toEqual({ text: 'abcd', hashes: hashObject(Buffer.from('abcd')) });
    expect(() => start(sessions, 11)).toThrow(expect.objectContaining({ status: 413 }));
  });

  it('refuses a finalize short of the declared size, chunks and a second finalize once final, and chunks after a cancel', async () => {
    const sessions = new UploadSessions(blobs, 1000);
    const short = start(sessions, 4);
    await sessions.append(short, chunk(0, 'ab'));
    await expect(finalBytes(sessions, short)).rejects.toThrow(/2 of the 4 declared bytes/);
    const finished = start(sessions);
    await finalBytes(sessions, finished);
    await expect(sessions.append(finished, chunk(0, 'x'))).rejects.toThrow(/final/);
    expect(() => sessions.cancel(finished)).toThrow(/finalized/);
    const canceled = start(sessions);
    sessions.cancel(canceled);
    await expect(sessions.append(canceled, chunk(0, 'x'))).rejects.toThrow(/canceled/);
  });

  it('forgets discarded sessions and everything on clear', async () => {
    const sessions = new UploadSessions(blobs, 1000);
    const discarded = start(sessions);
    sessions.discard(discarded);
    expect(() => sessions.get(discarded.id)).toThrow(expect.objectContaining({ status: 404 }));
    const kept = start(sessions);
    expect(sessions.get(kept.id)).toBe(kept);
    await sessions.clear();
    expect(() => sessions.get(kept.id)).toThrow(expect.objectContaining({ status: 404 }));
  });
});
