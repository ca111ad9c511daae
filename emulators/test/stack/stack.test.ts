/**
 * The in-process stack on free ports, driven through the real SDKs: a firebase-admin
 * Firestore write, a Storage upload and a Pub/Sub publish each reach the right fixture
 * function; state survives an export and a restart; stop() leaves no process or port behind.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { PubSub } from '@google-cloud/pubsub';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { getStorage } from 'firebase-admin/storage';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type Stack } from '../../src/stack/index.js';
import { FIXTURE_DIR, FIXTURE_MODULE, RecordFile } from '../runner/fixture.js';

const PROJECT = 'demo-stack';
const BUCKET = `${PROJECT}.appspot.com`;
const records = new RecordFile();
const baselineChildren = childPids();
let stack: Stack;
let admin: App;

beforeAll(async () => {
  stack = await startStack({
    projectId: PROJECT,
    functions: FIXTURE_MODULE,
    functionsDir: FIXTURE_DIR,
    ports: 'free',
    runner: { schedules: false, env: { FIXTURE_RECORD_FILE: records.path }, log: () => {} },
  });
  admin = initializeApp({ projectId: PROJECT, storageBucket: BUCKET }, 'stack-test');
});

afterAll(async () => {
  if (admin) await deleteApp(admin);
  await stack?.stop();
  records.remove();
});

describe('a running stack', () => {
  it('points the SDK env vars at its emulators', () => {
    expect(process.env.FIRESTORE_EMULATOR_HOST).toBe(stack.hosts.firestore);
    expect(process.env.STORAGE_EMULATOR_HOST).toBe(`http://${stack.hosts.storage}`);
    expect(process.env.PUBSUB_EMULATOR_HOST).toBe(stack.hosts.pubsub);
    expect(stack.hosts.functions).toMatch(/^127\.0\.0\.1:\d+$/);
  });

  it('runs a Firestore trigger for a firebase-admin write', async () => {
    await getFirestore(admin).doc('festivals/encore-2026/photos/admin-1').set({ title: 'Sunset set', likes: 0 });
    const [seen] = await records.waitFor('photos-created');
    expect(seen).toMatchObject({
      type: 'google.cloud.firestore.document.v1.created',
      params: { festivalId: 'encore-2026', photoId: 'admin-1' },
      document: 'festivals/encore-2026/photos/admin-1',
      data: { title: 'Sunset set', likes: 0 },
    });
  });

  it('runs a Storage trigger for an upload', async () => {
    await getStorage(admin).bucket().file('uploads/stage.jpg').save(Buffer.from('not really a jpeg'), { contentType: 'image/jpeg', resumable: false });
    const [seen] = await records.waitFor('onUpload');
    expect(seen).toMatchObject({
      type: 'google.cloud.storage.object.v1.finalized',
      bucket: BUCKET,
      name: 'uploads/stage.jpg',
      size: '17',
      contentType: 'image/jpeg',
    });
  });

  it('runs a Pub/Sub trigger for a publish', async () => {
    const client = new PubSub({ projectId: PROJECT });
    const messageId = await client.topic('ping').publishMessage({ json: { from: 'stack' } });
    await client.close();
    const [seen] = await records.waitFor('onPing');
    expect(seen).toMatchObject({ messageId, json: { from: 'stack' } });
  });

  it('serves HTTPS functions on the runner port', async () => {
    const response = await fetch(`http://${stack.hosts.functions}/${PROJECT}/us-central1/hello?x=1`);
    expect(await response.json()).toMatchObject({ method: 'GET', path: '/', query: { x: '1' } });
  });

  it('has started the functions child', () => {
    expect(childPids().length).toBeGreaterThan(baselineChildren.length);
  });
});

describe('export, restart and stop', () => {
  it('imports an export on the next start, then stops without leaving a process or a port', async () => {
    const dir = `${records.dir}/export`;
    await stack.exportTo(dir);
    const hosts = Object.values(stack.hosts).filter((host): host is string => host !== undefined);
    await stack.stop();
    expect(childPids()).toEqual(baselineChildren);
    for (const host of hosts) expect(await isListening(host), host).toBe(false);
    expect(process.env.FIRESTORE_EMULATOR_HOST).toBeUndefined();

    stack = await startStack({ projectId: PROJECT, ports: 'free', importDir: dir });
    // A new app: SDK clients keep the emulator hosts they were created with.
    const restarted = initializeApp({ projectId: PROJECT, storageBucket: BUCKET }, 'stack-restart');
    try {
      const restored = await getFirestore(restarted).doc('festivals/encore-2026/photos/admin-1').get();
      expect(restored.data()).toEqual({ title: 'Sunset set', likes: 0 });
      const [files] = await getStorage(restarted).bucket().getFiles({ prefix: 'uploads/' });
      expect(files.map((file) => file.name)).toEqual(['uploads/stage.jpg']);
    } finally {
      await deleteApp(restarted);
    }
  });
});

/** Live child processes of this test process, from /proc (Linux). */
function childPids(): number[] {
  const children: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // Fields after the parenthesised command: state, ppid, ...
      const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(ppid) === process.pid && state !== 'Z') children.push(Number(entry));
    } catch {
      // The process ended while we looked.
    }
  }
  return children.sort((a, b) => a - b);
}

function isListening(host: string): Promise<boolean> {
  const [hostname, port] = [host.slice(0, host.lastIndexOf(':')), Number(host.slice(host.lastIndexOf(':') + 1))];
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
