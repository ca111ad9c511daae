/** The change feed for the functions runner, and export/import of the whole state. */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { DocumentWrittenEvent } from '../../src/common/events.js';
import { startFirestoreEmulator } from '../../src/firestore/index.js';
import { DB, PROJECT, ROOT, rest, unique, useRawEmulator } from './helpers.js';

const emulator = useRawEmulator();
const commit = (writes: unknown[]) => rest(emulator(), 'POST', `/v1/${DB}/documents:commit`, { writes });
const temporaryDirs: string[] = [];
afterAll(async () => {
  for (const dir of temporaryDirs) await rm(dir, { recursive: true, force: true });
});

describe('change feed', () => {
  it('publishes one event per written document, in commit order, with before and after', async () => {
    const col = unique();
    const events: DocumentWrittenEvent[] = [];
    const stop = emulator().documentWrites.subscribe((event) => events.push(event));
    await commit([{ update: { name: `${ROOT}/${col}/a`, fields: { v: { integerValue: '1' } } } }]);
    await commit([
      { update: { name: `${ROOT}/${col}/a`, fields: { v: { integerValue: '2' } } } },
      { update: { name: `${ROOT}/${col}/b`, fields: {} } },
    ]);
    await commit([{ delete: `${ROOT}/${col}/a` }]);
    stop();
    expect(events.map((e) => [e.path, e.before?.fields.v ?? null, e.after?.fields.v ?? null])).toEqual([
      [`${col}/a`, null, { integerValue: '1' }],
      [`${col}/a`, { integerValue: '1' }, { integerValue: '2' }],
      [`${col}/b`, null, null],
      [`${col}/a`, { integerValue: '2' }, null],
    ]);
    expect(events.map((e) => e.projectId)).toEqual([PROJECT, PROJECT, PROJECT, PROJECT]);
    expect(events[1]!.commitTime).toBe(events[2]!.commitTime);
    expect(events[3]!.commitTime > events[2]!.commitTime).toBe(true);
    expect(events[2]!.after).toMatchObject({ name: `${ROOT}/${col}/b`, createTime: events[2]!.commitTime, updateTime: events[2]!.commitTime });
  });

  it('a failed commit publishes nothing; deleting a missing document publishes nothing', async () => {
    const events: DocumentWrittenEvent[] = [];
    const stop = emulator().documentWrites.subscribe((event) => events.push(event));
    await commit([
      { update: { name: `${ROOT}/${unique()}/a`, fields: {} } },
      { update: { name: `${ROOT}/${unique()}/b`, fields: {} }, currentDocument: { exists: true } },
    ]);
    await commit([{ delete: `${ROOT}/${unique()}/none` }]);
    stop();
    expect(events).toEqual([]);
  });

  it('a throwing subscriber does not break the write', async () => {
    const stop = emulator().documentWrites.subscribe(() => {
      throw new Error('subscriber bug');
    });
    const response = await commit([{ update: { name: `${ROOT}/${unique()}/a`, fields: {} } }]);
    stop();
    expect(response.status).toBe(200);
  });
});

describe('export and import', () => {
  const OPEN_RULES = "rules_version = '2'; service cloud.firestore { match /databases/{db}/documents/{doc=**} { allow read, write: if true; } }";

  it('round-trips documents with their times and the rules, in a versioned file', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'encore-fs-export-'));
    temporaryDirs.push(dir);
    const col = unique();
    const name = `${ROOT}/${col}/a/deep/b`;
    await commit([{ update: { name, fields: { s: { stringValue: 'é😀' }, t: { timestampValue: '2026-01-02T03:04:05.123456789Z' } } } }]);
    const before = (await rest(emulator(), 'GET', `/v1/${name}`)).body as { createTime: string; updateTime: string };
    emulator().setRules(OPEN_RULES);
    await emulator().exportTo(dir);
    const file = JSON.parse(await readFile(join(dir, 'firestore_export', 'firestore-state.json'), 'utf8')) as { format: string; version: number };
    expect(file).toMatchObject({ format: 'encore-firestore-export', version: 1 });

    const restored = await startFirestoreEmulator({ port: 0, projectId: PROJECT, importDir: dir });
    try {
      const got = await rest(restored, 'GET', `/v1/${name}`);
      expect(got.body).toMatchObject({ fields: { s: { stringValue: 'é😀' }, t: { timestampValue: '2026-01-02T03:04:05.123456789Z' } }, ...before });
      expect(restored.getRules()).toBe(OPEN_RULES);
      const later = await rest(restored, 'POST', `/v1/${DB}/documents:commit`, { writes: [{ update: { name: `${ROOT}/${col}/c`, fields: {} } }] });
      expect((later.body as { commitTime: string }).commitTime > before.updateTime).toBe(true);
    } finally {
      await restored.close();
    }
  });

  it('a missing import folder is an empty start', async () => {
    const restored = await startFirestoreEmulator({ port: 0, importDir: join(tmpdir(), `encore-none-${unique()}`) });
    try {
      expect((await rest(restored, 'GET', '/')).text).toBe('Ok');
    } finally {
      await restored.close();
    }
  });

  it('clear() empties the default project', async () => {
    const name = `${ROOT}/${unique()}/a`;
    await commit([{ update: { name, fields: {} } }]);
    emulator().clear();
    expect((await rest(emulator(), 'GET', `/v1/${name}`)).status).toBe(404);
  });
});
