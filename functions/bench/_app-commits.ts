/**
 * The commits the app sends, written once for every bench: a favourite as the web app commits
 * it (web/src/features/favorites/favorites-firestore.ts `addFavorite` through
 * web/src/firebase/toggle-limit.ts `commitToggle`): one batch of the person's toggle limit
 * (`users/{uid}/limits/toggles`, which the rules require in the same commit) and the favourite,
 * both timed by the server. The bill (bill.ts) applies it to a web SDK batch; the favourite
 * writers (`_favourite-writers.ts`) encode it as the Commit request that batch sends.
 * functions/bench/app-commits.test.ts holds both to the rules (through the web SDK against the
 * local emulator, rules on) and to what the web app's own `addFavorite` stores. The leading
 * underscore keeps `npm run bench` from running this file as a benchmark.
 */
import { doc, increment, serverTimestamp, writeBatch, type Firestore } from 'firebase/firestore';
import { firestorePaths } from '@encore/model';

/** A field's value: plain, or what the SDK sends as a transform (the server's time; an increment). */
export type AppValue = string | number | boolean | { serverTime: true } | { increment: number };

export interface AppWrite {
  path: string;
  /** `set` replaces the document; `update` changes the fields named (the document must exist). */
  kind: 'set' | 'update';
  fields: Record<string, AppValue>;
}

const SERVER_TIME = { serverTime: true } as const;

/**
 * The toggle limit's move, as commitToggle makes it: a new window (`opens`: the first toggle,
 * or the first after a minute) or one more toggle in the open one (`continues`).
 */
export function toggleLimitWrite(uid: string, window: 'opens' | 'continues'): AppWrite {
  const path = firestorePaths.toggleLimit(uid);
  return window === 'opens'
    ? { path, kind: 'set', fields: { windowStartsAt: SERVER_TIME, count: 1, lastToggleAt: SERVER_TIME } }
    : { path, kind: 'update', fields: { count: { increment: 1 }, lastToggleAt: SERVER_TIME } };
}

/** A visitor's heart (an anonymous or unverified account: no `established`), with the limit's move. */
export function favouriteCommit(uid: string, festivalId: string, performanceId: string, window: 'opens' | 'continues' = 'opens'): AppWrite[] {
  return [toggleLimitWrite(uid, window), { path: firestorePaths.favorite(uid, performanceId), kind: 'set', fields: { festivalId, performanceId, createdAt: SERVER_TIME } }];
}

/** A must-see or maybe on a favourite: a toggle like a heart (setFavoritePriority). */
export function priorityCommit(uid: string, performanceId: string, priority: 'must' | 'maybe'): AppWrite[] {
  return [toggleLimitWrite(uid, 'continues'), { path: firestorePaths.favorite(uid, performanceId), kind: 'update', fields: { priority } }];
}

/** A reaction on a photo, as the photo wall's ReactionBar commits it: a toggle like a heart. */
export function reactionCommit(uid: string, festivalId: string, photoId: string, kind: 'love' | 'fire' | 'clap' | 'wow', window: 'opens' | 'continues' = 'opens'): AppWrite[] {
  return [toggleLimitWrite(uid, window), { path: firestorePaths.reaction(festivalId, photoId, uid), kind: 'set', fields: { kind, createdAt: SERVER_TIME } }];
}

/** Commits `writes` through the web SDK in one batch, as commitToggle does; resolves when the backend has them. */
export function commitWithWebSdk(db: Firestore, writes: readonly AppWrite[]): Promise<void> {
  const batch = writeBatch(db);
  for (const { path, kind, fields } of writes) {
    const data = Object.fromEntries(
      Object.entries(fields).map(([name, value]) => [name, typeof value !== 'object' ? value : 'serverTime' in value ? serverTimestamp() : increment(value.increment)]),
    );
    if (kind === 'set') batch.set(doc(db, path), data);
    else batch.update(doc(db, path), data);
  }
  return batch.commit();
}

/** google.firestore.v1.DocumentTransform.FieldTransform.ServerValue.REQUEST_TIME. */
const REQUEST_TIME = 1;

type ProtoValue = { stringValue: string } | { integerValue: number } | { doubleValue: number } | { booleanValue: boolean };

function protoValue(value: string | number | boolean): ProtoValue {
  if (typeof value === 'string') return { stringValue: value };
  if (typeof value === 'boolean') return { booleanValue: value };
  return Number.isInteger(value) ? { integerValue: value } : { doubleValue: value };
}

/**
 * The `writes` of the Commit request the web SDK sends for `writes` (google.firestore.v1.Write,
 * as protobufjs `fromObject` takes it): plain fields in `update`, the server's time and
 * increments as `updateTransforms`; an update carries its field mask and requires the document.
 * Numbers, not names, for the enum and the int64s: the writers `encode()` without `fromObject()`
 * (a name there encodes as 0, SERVER_VALUE_UNSPECIFIED, which the emulator refuses).
 */
export function commitWrites(database: string, writes: readonly AppWrite[]): object[] {
  return writes.map(({ path, kind, fields }) => {
    const plain = Object.entries(fields).filter((entry): entry is [string, string | number | boolean] => typeof entry[1] !== 'object');
    const transforms = Object.entries(fields).flatMap(([fieldPath, value]): object[] =>
      typeof value !== 'object' ? [] : 'serverTime' in value ? [{ fieldPath, setToServerValue: REQUEST_TIME }] : [{ fieldPath, increment: protoValue(value.increment) }],
    );
    return {
      update: { name: `${database}/documents/${path}`, fields: Object.fromEntries(plain.map(([name, value]) => [name, protoValue(value)])) },
      ...(kind === 'update' ? { updateMask: { fieldPaths: plain.map(([name]) => name) }, currentDocument: { exists: true } } : {}),
      ...(transforms.length > 0 ? { updateTransforms: transforms } : {}),
    };
  });
}

/**
 * An ID token as the Auth emulator issues them (unsigned, `alg: none`): the local emulators,
 * like Google's, decode and never verify it, so the rules see `request.auth.uid == uid`.
 * `anonymous`, as every visitor's account is until they sign in.
 */
export function emulatorIdToken(projectId: string, uid: string): string {
  const now = Math.floor(Date.now() / 1000);
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const claims = {
    iss: `https://securetoken.google.com/${projectId}`,
    aud: projectId,
    auth_time: now,
    user_id: uid,
    sub: uid,
    iat: now,
    exp: now + 3600,
    firebase: { identities: {}, sign_in_provider: 'anonymous' },
  };
  return `${part({ alg: 'none', typ: 'JWT' })}.${part(claims)}.`;
}
