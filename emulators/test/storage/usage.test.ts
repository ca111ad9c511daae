/**
 * Storage's billed operations and bytes (https://cloud.google.com/storage/pricing,
 * "Operation charges"), counted for what the real SDKs do: a web upload is one class A
 * operation, a download one class B with its bytes out, a listing class A, a delete free.
 */
import { getBytes, listAll, ref, uploadBytes, uploadBytesResumable } from 'firebase/storage';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startStorageHarness, type StorageHarness } from './harness.js';

let harness: StorageHarness;

beforeAll(async () => {
  harness = await startStorageHarness();
});
afterAll(() => harness.close());
beforeEach(() => harness.emulator.resetUsage());

const bytes = (n: number) => new Uint8Array(n).map((_, i) => i % 251);

describe('Storage usage', () => {
  it('a web upload is one class A operation with its bytes in; a download one class B with its bytes out', async () => {
    const storage = harness.web();
    await uploadBytes(ref(storage, 'usage/a.bin'), bytes(10_000));
    let usage = harness.emulator.usage();
    expect(usage.byClient.client.classA).toBe(1);
    expect(usage.byClient.client.classB).toBe(0);
    expect(usage.total.bytesIn).toBeGreaterThanOrEqual(10_000);
    harness.emulator.resetUsage();
    const read = await getBytes(ref(storage, 'usage/a.bin'));
    expect(read.byteLength).toBe(10_000);
    usage = harness.emulator.usage();
    expect(usage.total.classA).toBe(0);
    expect(usage.total.classB).toBe(1);
    expect(usage.total.bytesOut).toBeGreaterThanOrEqual(10_000);
  });

  it('a resumable upload is one class A operation however many requests it takes', async () => {
    const storage = harness.web();
    await uploadBytesResumable(ref(storage, 'usage/big.bin'), bytes(600 * 1024));
    expect(harness.emulator.usage().total.classA).toBe(1);
  });

  it('a listing is class A; a delete is free; the owner is counted as a server', async () => {
    const bucket = harness.adminBucket();
    await bucket.file('usage/list/x').save(Buffer.from('x'));
    harness.emulator.resetUsage();
    await listAll(ref(harness.web(), 'usage/list'));
    expect(harness.emulator.usage().byClient.client.classA).toBe(1);
    harness.emulator.resetUsage();
    await bucket.file('usage/list/x').delete();
    let usage = harness.emulator.usage();
    expect(usage.total.classA + usage.total.classB).toBe(0);
    await bucket.file('usage/list/y').save(Buffer.from('y'));
    await bucket.file('usage/list/y').download();
    usage = harness.emulator.usage();
    expect(usage.byClient.server).toMatchObject({ classA: 1, classB: 1 });
    expect(usage.byClient.client).toMatchObject({ classA: 0, classB: 0 });
  });

  it('the usage endpoint answers the same counts and resets them', async () => {
    await uploadBytes(ref(harness.web(), 'usage/b.bin'), bytes(10));
    const response = await fetch(`${harness.origin}/emulator/v1/projects/demo-encore/usage`);
    expect(((await response.json()) as { total: { classA: number } }).total.classA).toBe(1);
    await fetch(`${harness.origin}/emulator/v1/projects/demo-encore/usage`, { method: 'DELETE' });
    expect(harness.emulator.usage().total.classA).toBe(0);
  });
});
