/**
 * firebase-tools' own Storage import tests (`scripts/storage-emulator-integration/import/tests.ts`,
 * 7 cases) against our stack, on their fixture exports (../fixtures/firebase-tools-storage-import/).
 * Their harness starts the official emulator through the CLI (`--import`, `--export-on-exit`),
 * whose rules runtime needs Java; the same requests and assertions run here against
 * `startStack({ importDir })` and `stack.exportTo(dir)`, which are our `--import` and export.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startStack, type Stack } from '../../src/stack/index.js';

const FIREBASE_PROJECT = 'fake-project-id';
const BUCKET = `${FIREBASE_PROJECT}.appspot.com`;
const FIXTURES = fileURLToPath(new URL('../fixtures/firebase-tools-storage-import/', import.meta.url));
const OWNER = { Authorization: 'Bearer owner' };

let stack: Stack | undefined;
const folders: string[] = [];

afterEach(async () => {
  await stack?.stop();
  stack = undefined;
  await Promise.all(folders.splice(0).map((folder) => rm(folder, { recursive: true, force: true })));
  vi.restoreAllMocks();
});

async function startEmulators(importDir?: string): Promise<string> {
  stack = await startStack({ projectId: FIREBASE_PROJECT, ports: 'free', setEnv: false, ...(importDir ? { importDir } : {}) });
  return `http://${stack.hosts.storage}`;
}

async function tmpDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'exported-emulator-data-'));
  folders.push(dir);
  return dir;
}

const get = (origin: string, object: string) => fetch(`${origin}/v0/b/${BUCKET}/o/${object}`, { headers: OWNER });

describe('Import Emulator Data (firebase-tools scripts/storage-emulator-integration/import)', () => {
  it('retrieves file from imported flattened emulator data', async () => {
    const origin = await startEmulators(join(FIXTURES, 'flattened-emulator-data'));
    expect((await get(origin, 'test_upload.jpg')).status).toBe(200);
  });

  it('imports directory that is missing blobs and metadata directories', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const origin = await startEmulators(join(FIXTURES, 'flattened-emulator-data-missing-blobs-and-metadata'));
    expect(warn.mock.calls.flat().join('\n')).toMatch(/Could not find metadata directory at .*storage_export.metadata.* and\/or blobs directory/);
    // Started, and empty.
    expect((await get(origin, 'test_upload.jpg')).status).toBe(404);
  });

  it('stores only the files as blobs when importing emulator data', async () => {
    const exportedData = await tmpDir();
    await startEmulators(join(FIXTURES, 'nested-emulator-data'));
    await stack!.exportTo(exportedData);
    await stack!.stop();
    expect(await readdir(join(exportedData, 'storage_export', 'blobs'))).toHaveLength(1);
  });

  it('retrieves file from imported nested emulator data', async () => {
    const origin = await startEmulators(join(FIXTURES, 'nested-emulator-data'));
    expect((await get(origin, 'test_upload.jpg')).status).toBe(200);
  });

  it('retrieves file from importing previously exported emulator data', async () => {
    const exportedData = await tmpDir();
    const origin = await startEmulators();
    const started = await fetch(`${origin}/v0/b/${BUCKET}/o/test_upload.jpg?uploadType=resumable&name=test_upload.jpg`, {
      method: 'POST',
      headers: { ...OWNER, 'X-Goog-Upload-Protocol': 'resumable', 'X-Goog-Upload-Command': 'start' },
    });
    const uploadURL = new URL(started.headers.get('x-goog-upload-url')!);
    const finalized = await fetch(`${origin}${uploadURL.pathname}${uploadURL.search}`, {
      method: 'PUT',
      headers: { 'X-Goog-Upload-Protocol': 'resumable', 'X-Goog-Upload-Command': 'upload, finalize' },
    });
    expect(finalized.status).toBe(200);
    await stack!.exportTo(exportedData);
    await stack!.stop();

    const restarted = await startEmulators(exportedData);
    expect((await get(restarted, 'test_upload.jpg')).status).toBe(200);
  });

  it('retrieves file from importing emulator data previously exported on Windows', async () => {
    const origin = await startEmulators(join(FIXTURES, 'windows-emulator-data'));
    expect((await get(origin, 'test_upload.jpg')).status).toBe(200);
    const nested = await get(origin, 'test-directory%2Ftest_nested_upload.jpg');
    expect(nested.status).toBe(200);
    // Read with `/`: the name the SDKs see is the one they would have uploaded on any platform.
    expect(((await nested.json()) as { name: string }).name).toBe('test-directory/test_nested_upload.jpg');
  });

  it('retrieves file from imported mapped emulator data', async () => {
    const origin = await startEmulators(join(FIXTURES, 'mapped-emulator-data'));
    expect((await get(origin, 'test_upload.jpg')).status).toBe(200);
  });
});
