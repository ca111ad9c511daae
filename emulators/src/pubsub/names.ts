/**
 * Resource names: `projects/{project}/topics/{topic}` and
 * `projects/{project}/subscriptions/{subscription}`.
 *
 * Ids follow https://cloud.google.com/pubsub/docs/pubsub-basics#resource_names: 3 to 255
 * characters, starting with a letter, of letters, digits and `-_.~+%`, not starting with
 * `goog`. Project ids are loosely checked (the emulator accepts any project).
 */
import { invalidName } from './status.js';

export type Collection = 'topics' | 'subscriptions' | 'snapshots';

export interface ResourceName {
  project: string;
  collection: Collection;
  /** The short id, which error messages report. */
  id: string;
  /** The full name, as given. */
  name: string;
}

const RESOURCE_ID = /^[A-Za-z][A-Za-z0-9\-_.~+%]{2,254}$/;
const PROJECT_ID = /^[A-Za-z0-9][A-Za-z0-9\-_.:]{0,99}$/;

export function isValidResourceId(id: string): boolean {
  return RESOURCE_ID.test(id) && !id.toLowerCase().startsWith('goog');
}

/** Parses a full name, or throws INVALID_ARGUMENT with the service's message. */
export function parseName(name: string, collection: Collection): ResourceName {
  const parts = name.split('/');
  if (parts.length !== 4 || parts[0] !== 'projects' || parts[2] !== collection) throw invalidName(name);
  const [, project, , id] = parts as [string, string, string, string];
  if (!PROJECT_ID.test(project) || !isValidResourceId(id)) throw invalidName(name);
  return { project, collection, id, name };
}

/** `projects/{project}`, for List calls. */
export function parseProject(name: string): string {
  const match = /^projects\/([^/]+)$/.exec(name);
  if (!match || !PROJECT_ID.test(match[1]!)) throw invalidName(name);
  return match[1]!;
}

/** The topic name Pub/Sub gives subscriptions whose topic was deleted. */
export const DELETED_TOPIC = '_deleted-topic_';
