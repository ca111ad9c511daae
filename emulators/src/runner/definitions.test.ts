import { describe, expect, it } from 'vitest';
import { defineFunction } from './definitions.js';

describe('defineFunction', () => {
  it('reads a Firestore trigger from its path pattern, or its exact document', () => {
    const pattern = defineFunction('a', {
      entryPoint: 'a',
      eventTrigger: {
        eventType: 'google.cloud.firestore.document.v1.written',
        eventFilters: { database: '(default)', namespace: '(default)' },
        eventFilterPathPatterns: { document: 'users/{uid}' },
        retry: true,
      },
    });
    expect(pattern).toMatchObject({
      trigger: { kind: 'firestore', eventType: 'google.cloud.firestore.document.v1.written', database: '(default)', document: 'users/{uid}' },
      retry: true,
      regions: ['us-central1'],
      timeoutMs: 60_000,
    });
    const exact = defineFunction('b', {
      entryPoint: 'b',
      eventTrigger: { eventType: 'google.cloud.firestore.document.v1.created', eventFilters: { database: 'other', document: 'config/app' } },
    });
    expect(exact).toMatchObject({ trigger: { database: 'other', document: 'config/app' }, retry: false });
  });

  it('reads schedules with their zone and retry count, and HTTPS options', () => {
    expect(
      defineFunction('n', {
        entryPoint: 'n',
        region: ['europe-west1'],
        timeoutSeconds: 1800,
        scheduleTrigger: { schedule: '30 4 * * *', timeZone: 'Europe/Amsterdam', retryConfig: { retryCount: 2 } },
      }),
    ).toMatchObject({
      trigger: { kind: 'schedule', schedule: '30 4 * * *', timeZone: 'Europe/Amsterdam', retryCount: 2 },
      regions: ['europe-west1'],
      timeoutMs: 1_800_000,
    });
    expect(defineFunction('h', { entryPoint: 'h', httpsTrigger: {} }).trigger).toEqual({ kind: 'https' });
    expect(defineFunction('c', { entryPoint: 'c', callableTrigger: {} }).trigger).toEqual({ kind: 'callable' });
  });

  it('bounds parallelism by concurrency × instances, with instances capped locally by memory', () => {
    expect(defineFunction('d', { entryPoint: 'd', httpsTrigger: {} }).maxParallel).toBe(80);
    expect(defineFunction('e', { entryPoint: 'e', httpsTrigger: {}, concurrency: 1, maxInstances: 1 }).maxParallel).toBe(1);
    // Four 2 GiB instances' worth: four image functions at once, 16 of 512 MiB, 32 of 256 MiB (the default).
    expect(defineFunction('f', { entryPoint: 'f', httpsTrigger: {}, concurrency: 1, maxInstances: 20, availableMemoryMb: 2048 }).maxParallel).toBe(4);
    expect(defineFunction('i', { entryPoint: 'i', httpsTrigger: {}, concurrency: 1, maxInstances: 20, availableMemoryMb: 512 }).maxParallel).toBe(16);
    expect(defineFunction('j', { entryPoint: 'j', httpsTrigger: {}, concurrency: 1, maxInstances: 100 }).maxParallel).toBe(32);
    expect(defineFunction('g', { entryPoint: 'g', httpsTrigger: {}, concurrency: 2, maxInstances: 20, availableMemoryMb: 2048 }, 10).maxParallel).toBe(20);
  });

  it('marks triggers the runner cannot deliver', () => {
    expect(
      defineFunction('x', { entryPoint: 'x', eventTrigger: { eventType: 'google.firebase.database.ref.v1.written', eventFilters: {} } }).trigger,
    ).toEqual({ kind: 'unsupported', description: 'google.firebase.database.ref.v1.written' });
  });
});
