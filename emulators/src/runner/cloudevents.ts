/**
 * CloudEvents in the exact structured-JSON shapes firebase-functions 7 parses
 * (v2/providers/firestore.js, storage.js, pubsub.js), with the production attributes
 * (`source`, `subject`) as Eventarc sends them.
 */
import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import type { DocumentWrittenEvent, FirestoreDocumentJson, StorageObjectEvent } from '../common/events.js';

export interface CloudEvent {
  specversion: '1.0';
  id: string;
  source: string;
  type: string;
  time: string;
  datacontenttype: 'application/json';
  subject?: string;
  data: unknown;
  [extension: string]: unknown;
}

const FIRESTORE_TYPE = 'google.cloud.firestore.document.v1.';
/** The suffix of the event types that carry the writer (`onDocument*WithAuthContext`). */
const AUTH_CONTEXT_SUFFIX = '.withAuthContext';

/** The Firestore event types one document write fires: `written` always, plus exactly one of the other three. */
export function firestoreEventTypes(write: DocumentWrittenEvent): string[] {
  const kind = write.before === null ? 'created' : write.after === null ? 'deleted' : 'updated';
  return [`${FIRESTORE_TYPE}${kind}`, `${FIRESTORE_TYPE}written`];
}

export function firestoreCloudEvent(write: DocumentWrittenEvent, eventType: string, location: string): CloudEvent {
  const data: Record<string, unknown> = {};
  if (write.after) data.value = write.after;
  if (write.before) data.oldValue = write.before;
  if (write.before && write.after) data.updateMask = { fieldPaths: changedFields(write.before, write.after) };
  return {
    specversion: '1.0',
    id: randomUUID(),
    source: `//firestore.googleapis.com/projects/${write.projectId}/databases/${write.databaseId}`,
    type: eventType,
    time: write.commitTime,
    datacontenttype: 'application/json',
    subject: `documents/${write.path}`,
    project: write.projectId,
    database: write.databaseId,
    namespace: '(default)',
    document: write.path,
    location,
    ...(eventType.endsWith(AUTH_CONTEXT_SUFFIX) ? authContext(write) : {}),
    data,
  };
}

/**
 * The auth-context extension attributes. Only the `.withAuthContext` event types carry them,
 * as in production; firebase-functions turns them into `event.authType`/`event.authId`.
 */
function authContext(write: DocumentWrittenEvent): { authtype: string; authid?: string } {
  const writer = write.writer ?? { authType: 'unknown' };
  return writer.authId === undefined ? { authtype: writer.authType } : { authtype: writer.authType, authid: writer.authId };
}

/** Top-level fields added, removed or changed: the `updateMask` Firestore sends with an update. */
function changedFields(before: FirestoreDocumentJson, after: FirestoreDocumentJson): string[] {
  const names = new Set([...Object.keys(before.fields), ...Object.keys(after.fields)]);
  return [...names].filter((name) => !isDeepStrictEqual(before.fields[name], after.fields[name])).sort();
}

export function storageEventType(kind: StorageObjectEvent['kind']): string {
  return `google.cloud.storage.object.v1.${kind}`;
}

export function storageCloudEvent(change: StorageObjectEvent): CloudEvent {
  const { bucket, name } = change.object;
  return {
    specversion: '1.0',
    id: randomUUID(),
    source: `//storage.googleapis.com/projects/_/buckets/${bucket}`,
    type: storageEventType(change.kind),
    time: change.time,
    datacontenttype: 'application/json',
    subject: `objects/${name}`,
    bucket,
    data: change.object,
  };
}

/** The standard push body a Pub/Sub push subscription POSTs. */
export interface PushBody {
  message: {
    data?: string;
    attributes?: Record<string, string>;
    messageId?: string;
    message_id?: string;
    publishTime?: string;
    publish_time?: string;
    orderingKey?: string;
  };
  subscription: string;
  deliveryAttempt?: number;
}

export function isPushBody(body: unknown): body is PushBody {
  if (typeof body !== 'object' || body === null) return false;
  const { message, subscription } = body as Record<string, unknown>;
  return typeof message === 'object' && message !== null && typeof subscription === 'string';
}

export function pubsubCloudEvent(push: PushBody, projectId: string, topic: string): CloudEvent {
  const messageId = push.message.messageId ?? push.message.message_id ?? randomUUID();
  const publishTime = push.message.publishTime ?? push.message.publish_time ?? new Date().toISOString();
  return {
    specversion: '1.0',
    id: messageId,
    source: `//pubsub.googleapis.com/projects/${projectId}/topics/${topic}`,
    type: 'google.cloud.pubsub.topic.v1.messagePublished',
    time: publishTime,
    datacontenttype: 'application/json',
    data: {
      message: {
        attributes: {},
        ...push.message,
        messageId,
        message_id: messageId,
        publishTime,
        publish_time: publishTime,
      },
      subscription: push.subscription,
    },
  };
}
