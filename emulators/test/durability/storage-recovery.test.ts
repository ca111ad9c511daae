/**
 * What Storage's start-up does with a data folder a crash left behind (the folder of a
 * running emulator, copied as it is, stands for it): objects come back from the journal; an
 * object whose file did not reach the disk is dropped with a one-line report, never served
 * broken; files no object refers to and unfinished uploads are removed.
 */
import { cp, mkdtemp, readdir, readFile, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_STORAGE_BUCKET, startStorageEmulator, type StorageEmulator } from '../../src/storage/index.js';

const BUCKET = DEFAULT_STORAGE_BUCKET;
let folder: string;

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'encore-storage-recovery-'));
});

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

async function put(emulator: StorageEmulator, name: string, text: string): Promise<void> {
  const response = await fetch(`http://127.0.0.1:${emulator.port}/upload/storage/v1/b/${BUCKET}/o?uploadType=media&name=${encodeURIComponent(name)}`, {
    method: 'POST',
    headers: { 'Content-Type': 'text/plain' },
    body: text,
  });
  expect(response.status).toBe(200);
}

async function read(emulator: StorageEmulator, name: string): Promise<{ status: number; text: string }> {
  const response = await fetch(`http://127.0.0.1:${emulator.port}/b/${BUCKET}/o/${encodeURIComponent(name)}?alt=media`);
  return { status: response.status, text: await response.text() };
}

describe('Storage start-up on a crashed data folder', () => {
  it('restores the journal, drops an object whose bytes were lost with a report, and removes stray files', async () => {
    const live = join(folder, 'live');
    const running = await startStorageEmulator({ port: 0, dataDir: live });
    await put(running, 'kept.txt', 'kept');
    await put(running, 'lost.txt', 'lost');
    await put(running, 'replaced.txt', 'first');
    await put(running, 'replaced.txt', 'second');
    const crashed = join(folder, 'crashed');
    await cp(live, crashed, { recursive: true }); // what a kill -9 leaves: journal, no snapshot
    await running.close();

    // The machine went down before `lost.txt`'s file was flushed; a stray file and a half upload remain.
    const objects = join(crashed, 'objects');
    const lostFile = await findFileWith(objects, await readdir(objects), 'lost');
    await unlink(join(objects, lostFile));
    await writeFile(join(objects, 'stray'), 'no object refers to me');
    await writeFile(join(crashed, 'incoming', 'half-upload'), 'half');

    const reports: string[] = [];
    const restarted = await startStorageEmulator({ port: 0, dataDir: crashed, journal: { report: (line) => reports.push(line) } });
    try {
      expect(reports).toEqual([`1 object lost its bytes in a crash and was dropped: ${BUCKET}/lost.txt`]);
      expect(await read(restarted, 'kept.txt')).toEqual({ status: 200, text: 'kept' });
      expect(await read(restarted, 'replaced.txt')).toEqual({ status: 200, text: 'second' });
      expect((await read(restarted, 'lost.txt')).status).toBe(404);
      // Only the two objects' files stay (the stray one, and any replaced version the copy caught, go).
      await waitFor(async () => (await readdir(objects)).length === 2);
      expect(await Promise.all((await readdir(objects)).map((file) => readFile(join(objects, file), 'utf8')))).toEqual(expect.arrayContaining(['kept', 'second']));
      expect(await readdir(join(crashed, 'incoming'))).toEqual([]);
    } finally {
      await restarted.close();
    }
  });
});

describe('what the parity endpoints write, after a crash', () => {
  it('a public ACL and a composed object come back from the journal', async () => {
    const live = join(folder, 'live-parity');
    const running = await startStorageEmulator({ port: 0, dataDir: live });
    const base = `http://127.0.0.1:${running.port}`;
    const json = { 'Content-Type': 'application/json' };
    await put(running, 'a.txt', 'a');
    await put(running, 'b.txt', 'b');
    expect((await fetch(`${base}/b/${BUCKET}/o/a.txt/acl`, { method: 'POST', headers: json, body: JSON.stringify({ entity: 'allUsers', role: 'READER' }) })).status).toBe(200);
    const composed = await fetch(`${base}/b/${BUCKET}/o/ab.txt/compose`, { method: 'POST', headers: json, body: JSON.stringify({ sourceObjects: [{ name: 'a.txt' }, { name: 'b.txt' }] }) });
    expect(composed.status).toBe(200);
    const crashed = join(folder, 'crashed-parity');
    await cp(live, crashed, { recursive: true });
    await running.close();

    const restarted = await startStorageEmulator({ port: 0, dataDir: crashed });
    try {
      const origin = `http://127.0.0.1:${restarted.port}`;
      expect((await fetch(`${origin}/${BUCKET}/a.txt`)).status).toBe(200);
      expect((await fetch(`${origin}/${BUCKET}/b.txt`)).status).toBe(403);
      expect(await read(restarted, 'ab.txt')).toEqual({ status: 200, text: 'ab' });
    } finally {
      await restarted.close();
    }
  });
});

async function findFileWith(dir: string, files: string[], text: string): Promise<string> {
  for (const file of files) if ((await readFile(join(dir, file), 'utf8')) === text) return file;
  throw new Error(`no file holds "${text}"`);
}

async function waitFor(done: () => Promise<boolean>): Promise<void> {
  while (!(await done())) await new Promise((resolve) => setTimeout(resolve, 10));
}
