/**
 * Billed operations of a running stack, in one typed object: Firestore's reads, writes and
 * deletes and Storage's operations and bytes, read (and reset) over the emulators'
 * `/emulator/v1/projects/{p}/usage` endpoints, so a test or bench can measure a stack in
 * another process (`npm start`) the same way as one it started (`stack.firestore.usage()`).
 */
import type { FirestoreUsage } from '../firestore/index.js';
import type { StorageUsage } from '../storage/index.js';

export interface StackUsage {
  firestore: FirestoreUsage;
  storage: StorageUsage;
}

export interface UsageHosts {
  /** `host:port` of each emulator. */
  firestore: string;
  storage: string;
}

async function call(host: string, projectId: string, method: 'GET' | 'DELETE'): Promise<unknown> {
  const response = await fetch(`http://${host}/emulator/v1/projects/${encodeURIComponent(projectId)}/usage`, { method });
  if (!response.ok) throw new Error(`${method} usage from ${host}: HTTP ${response.status} ${await response.text()}`);
  return response.json();
}

export async function fetchUsage(hosts: UsageHosts, projectId: string): Promise<StackUsage> {
  const [firestore, storage] = await Promise.all([call(hosts.firestore, projectId, 'GET'), call(hosts.storage, projectId, 'GET')]);
  return { firestore: firestore as FirestoreUsage, storage: storage as StorageUsage };
}

export async function resetUsage(hosts: UsageHosts, projectId: string): Promise<void> {
  await Promise.all([call(hosts.firestore, projectId, 'DELETE'), call(hosts.storage, projectId, 'DELETE')]);
}
