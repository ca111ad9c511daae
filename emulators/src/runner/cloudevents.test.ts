import { describe, expect, it } from 'vitest';
import type { FirestoreDocumentJson } from '../common/events.js';
import { firestoreCloudEvent, firestoreEventTypes, pubsubCloudEvent, storageCloudEvent } from './cloudevents.js';

const doc = (fields: Record<string, unknown>): FirestoreDocumentJson => ({
  name: 'projects/p/databases/(default)/documents/users/u1',
  fields,
  createTime: '2026-07-01T10:00:00.000001Z',
  updateTime: '2026-07-01T10:00:00.000001Z',
});
const write = (before: FirestoreDocumentJson | null, after: FirestoreDocumentJson | null) => ({
  projectId: 'p',
  databaseId: '(default)',
  path: 'users/u1',
  before,
  after,
  commitTime: '2026-07-01T10:00:00.000001Z',
});

describe('Firestore events', () => {
  it('fires written plus exactly one of created, updated, deleted', () => {
    const prefix = 'google.cloud.firestore.document.v1.';
    expect(firestoreEventTypes(write(null, doc({})))).toEqual([`${prefix}created`, `${prefix}written`]);
    expect(firestoreEventTypes(write(doc({}), doc({})))).toEqual([`${prefix}updated`, `${prefix}written`]);
    expect(firestoreEventTypes(write(doc({}), null))).toEqual([`${prefix}deleted`, `${prefix}written`]);
  });

  it('carries the attributes firebase-functions reads and an updateMask of changed fields', () => {
    const before = doc({ a: { integerValue: '1' }, b: { stringValue: 'x' }, gone: { nullValue: null } });
    const after = doc({ a: { integerValue: '2' }, b: { stringValue: 'x' }, added: { booleanValue: true } });
    const event = firestoreCloudEvent(write(before, after), 'google.cloud.firestore.document.v1.updated', 'us-central1');
    expect(event).toMatchObject({
      specversion: '1.0',
      source: '//firestore.googleapis.com/projects/p/databases/(default)',
      subject: 'documents/users/u1',
      datacontenttype: 'application/json',
      project: 'p',
      database: '(default)',
      namespace: '(default)',
      document: 'users/u1',
      time: '2026-07-01T10:00:00.000001Z',
      data: { value: after, oldValue: before, updateMask: { fieldPaths: ['a', 'added', 'gone'] } },
    });
  });

  it('puts the writer on auth-context event types only, and reports an unknown writer as unknown', () => {
    const created = 'google.cloud.firestore.document.v1.created';
    const byFan = { ...write(null, doc({})), writer: { authType: 'app_user' as const, authId: 'fan-1' } };
    expect(firestoreCloudEvent(byFan, `${created}.withAuthContext`, 'us-central1')).toMatchObject({ authtype: 'app_user', authid: 'fan-1' });
    const plain = firestoreCloudEvent(byFan, created, 'us-central1');
    expect('authtype' in plain || 'authid' in plain).toBe(false);
    const anonymous = firestoreCloudEvent(write(null, doc({})), `${created}.withAuthContext`, 'us-central1');
    expect(anonymous.authtype).toBe('unknown');
    expect('authid' in anonymous).toBe(false);
  });

  it('leaves out the missing side of a create', () => {
    const event = firestoreCloudEvent(write(null, doc({})), 'google.cloud.firestore.document.v1.created', 'us-central1');
    expect(Object.keys(event.data as object)).toEqual(['value']);
  });
});

it('builds Storage events in the production form', () => {
  const object = { bucket: 'b', name: 'a/b.jpg', generation: '1', metageneration: '1', size: '3' };
  expect(storageCloudEvent({ kind: 'metadataUpdated', object, time: '2026-07-01T10:00:00.000Z' })).toMatchObject({
    type: 'google.cloud.storage.object.v1.metadataUpdated',
    source: '//storage.googleapis.com/projects/_/buckets/b',
    subject: 'objects/a/b.jpg',
    bucket: 'b',
    data: object,
  });
});

it('builds Pub/Sub events from a push body, with both id spellings', () => {
  const event = pubsubCloudEvent(
    { message: { data: 'e30=', messageId: '42', publishTime: '2026-07-01T10:00:00.000Z' }, subscription: 'projects/p/subscriptions/s' },
    'p',
    'ping',
  );
  expect(event).toMatchObject({
    id: '42',
    time: '2026-07-01T10:00:00.000Z',
    source: '//pubsub.googleapis.com/projects/p/topics/ping',
    data: {
      message: { data: 'e30=', attributes: {}, messageId: '42', message_id: '42', publish_time: '2026-07-01T10:00:00.000Z' },
      subscription: 'projects/p/subscriptions/s',
    },
  });
});
