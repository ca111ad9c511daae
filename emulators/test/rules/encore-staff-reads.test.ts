/**
 * What Encore's own rules read per request since roles are per festival (issue 35): the bill.
 * The repo's firestore.rules and storage.rules, in our rules engine, with a database that
 * records which documents each request reads. The second-factor check comes first, so a
 * visitor's request never reads a staff document; a project admin's claim reads none; a
 * festival role costs one read of festivals/{f}/staff/{uid} (exists() and get() of it count
 * once, as production caches them), and a batch reads it once for all its writes.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DocumentAccessBudget, RulesEngine, type FirestoreDocument, type FirestoreRequest, type StorageRequest } from '../../src/rules/index.js';
import type { AuthContext } from '../../src/common/auth.js';
import { fields } from './helpers.js';

const REPO = fileURLToPath(new URL('../../../', import.meta.url));
const firestoreRules = RulesEngine.fromSource(readFileSync(`${REPO}firestore.rules`, 'utf8'));
const storageRules = RulesEngine.fromSource(readFileSync(`${REPO}storage.rules`, 'utf8'));

const A = 'festivals/encore-2026';
const DATABASE: Record<string, FirestoreDocument> = {
  [A]: fields({ name: 'Encore 2026' }),
  [`${A}/artists/the-nightjars`]: fields({ name: 'The Nightjars', bio: '', genres: [] }),
  [`${A}/photos/ph-ready`]: fields({ uploaderUid: 'vera', status: 'ready' }),
  [`${A}/photos/ph-hidden`]: fields({ uploaderUid: 'vera', status: 'hidden' }),
  [`${A}/staff/ada`]: fields({ role: 'admin' }),
  [`${A}/staff/pia`]: fields({ role: 'programme' }),
  [`${A}/staff/moe`]: fields({ role: 'moderator' }),
};

const sms = { sign_in_provider: 'password', sign_in_second_factor: 'phone' };
const person = (uid: string, claims: Record<string, unknown> = {}, firebase: Record<string, unknown> = { sign_in_provider: 'password' }): AuthContext => ({
  uid,
  token: { sub: uid, email: `${uid}@example.com`, email_verified: true, ...claims, firebase },
});
const visitor = person('vera');
const visitorWithFactor = person('vic', {}, sms);
const programme = person('pia', {}, sms);
const moderator = person('moe', {}, sms);
const admin = person('ada', {}, sms);
const projectAdmin = person('olga', { role: 'admin' }, sms);
const retiredStaff = person('sam', { role: 'staff' }, sms);

/** The documents one request read (distinct paths), and whether it was allowed. */
async function firestore(request: Omit<FirestoreRequest, 'documents'>, budget = new DocumentAccessBudget(10)) {
  const read = new Set<string>();
  const decision = await firestoreRules.authorizeFirestore({ ...request, budget, documents: (path) => (read.add(path), DATABASE[path] ?? null) });
  return { allowed: decision.allowed, read: [...read].sort() };
}

async function storage(request: Omit<StorageRequest, 'firestore' | 'bucket'>) {
  const read = new Set<string>();
  const decision = await storageRules.authorizeStorage({ ...request, bucket: 'demo-encore.appspot.com', firestore: (path) => (read.add(path), DATABASE[path] ?? null) });
  return { allowed: decision.allowed, read: [...read].sort() };
}

const stage = (auth: AuthContext) => ({ method: 'create' as const, path: `${A}/stages/side`, auth, incoming: fields({ name: 'Side', order: 2 }) });
const image = (name: string, contentType = 'image/jpeg') => ({ name, bucket: 'demo-encore.appspot.com', size: 64, contentType, metadata: {} });

describe('firestore.rules: staff documents read per request', () => {
  it('a visitor signed in without a second factor reads none (and is refused)', async () => {
    expect(await firestore(stage(visitor))).toEqual({ allowed: false, read: [] });
  });

  it('a visitor with a second factor but no role reads their (missing) staff document only, and is refused', async () => {
    expect(await firestore(stage(visitorWithFactor))).toEqual({ allowed: false, read: [`${A}/staff/vic`] });
  });

  it('programme staff read their own staff document once (exists and get of it count once), and the festival (is it archived?) once allowed', async () => {
    expect(await firestore(stage(programme))).toEqual({ allowed: true, read: [A, `${A}/staff/pia`] });
  });

  it('a project admin reads no staff document: the claim decides; the festival is read for its archiving', async () => {
    expect(await firestore(stage(projectAdmin))).toEqual({ allowed: true, read: [A] });
  });

  it('the retired staff claim reads the staff document like any caller with a factor, and is refused', async () => {
    expect(await firestore(stage(retiredStaff))).toEqual({ allowed: false, read: [`${A}/staff/sam`] });
  });

  it('a batch of programme staff reads their staff document and the festival once for all its writes', async () => {
    const budget = new DocumentAccessBudget(20);
    const first = await firestore(stage(programme), budget);
    const second = await firestore({ ...stage(programme), path: `${A}/stages/third` }, budget);
    expect([first.allowed, second.allowed, budget.used]).toEqual([true, true, 2]);
  });

  it('reading a ready photo reads nothing; a moderator reading a hidden one reads their staff document', async () => {
    expect(await firestore({ method: 'get', path: `${A}/photos/ph-ready`, auth: visitorWithFactor, resource: DATABASE[`${A}/photos/ph-ready`] })).toEqual({ allowed: true, read: [] });
    expect(await firestore({ method: 'get', path: `${A}/photos/ph-hidden`, auth: moderator, resource: DATABASE[`${A}/photos/ph-hidden`] })).toEqual({
      allowed: true,
      read: [`${A}/staff/moe`],
    });
  });

  it('a reaction under a ready photo reads the photo only; under a hidden one a moderator reads the photo and their staff document', async () => {
    const reaction = fields({ kind: 'love' });
    expect(await firestore({ method: 'get', path: `${A}/photos/ph-ready/reactions/vera`, auth: moderator, resource: reaction })).toEqual({ allowed: true, read: [`${A}/photos/ph-ready`] });
    expect(await firestore({ method: 'get', path: `${A}/photos/ph-hidden/reactions/vera`, auth: moderator, resource: reaction })).toEqual({
      allowed: true,
      read: [`${A}/photos/ph-hidden`, `${A}/staff/moe`],
    });
  });

  it('one’s own staff document reads nothing; the admin reading another’s reads their own', async () => {
    expect(await firestore({ method: 'get', path: `${A}/staff/pia`, auth: programme, resource: DATABASE[`${A}/staff/pia`] })).toEqual({ allowed: true, read: [] });
    expect(await firestore({ method: 'get', path: `${A}/staff/pia`, auth: admin, resource: DATABASE[`${A}/staff/pia`] })).toEqual({ allowed: true, read: [`${A}/staff/ada`] });
  });
});

describe('firestore.rules: what archiving (issue 35) adds to a visitor’s hot writes', () => {
  const toggles = fields({ windowStartsAt: new Date(0), count: 1, lastToggleAt: new Date(0) });
  /** A heart as the app writes it, with its toggle limit in the same commit (getAfter sees the limit as written). */
  const heart = (festivalId: string) => ({
    method: 'create' as const,
    path: 'users/vera/favorites/p-headliner',
    auth: visitor,
    incoming: fields({ festivalId, performanceId: 'p-headliner', createdAt: new Date(0) }),
  });

  it('a heart reads the set (is it on?) and the festival (is it archived?): one read more than before archiving existed', async () => {
    const read = new Set<string>();
    const database: Record<string, FirestoreDocument> = { ...DATABASE, [`${A}/performances/p-headliner`]: fields({ status: 'scheduled' }), 'users/vera/limits/toggles': toggles };
    const decision = await firestoreRules.authorizeFirestore({
      ...heart('encore-2026'),
      time: new Date(0),
      budget: new DocumentAccessBudget(10),
      documents: (path) => (read.add(path), database[path] ?? null),
      documentsAfter: (path) => database[path] ?? null,
    } as FirestoreRequest);
    expect({ allowed: decision.allowed, read: [...read].sort() }).toEqual({ allowed: true, read: [A, `${A}/performances/p-headliner`] });
  });
});

describe('storage.rules: documents read per request', () => {
  it('a ready photo’s rendition reads the photo only; a hidden one’s, for a moderator, the photo and their staff document', async () => {
    expect(await storage({ method: 'get', path: 'photos/encore-2026/ph-ready/400.webp', auth: null, resource: image('photos/encore-2026/ph-ready/400.webp', 'image/webp') })).toEqual({
      allowed: true,
      read: [`${A}/photos/ph-ready`],
    });
    expect(await storage({ method: 'get', path: 'photos/encore-2026/ph-hidden/400.webp', auth: moderator, resource: image('photos/encore-2026/ph-hidden/400.webp', 'image/webp') })).toEqual({
      allowed: true,
      read: [`${A}/photos/ph-hidden`, `${A}/staff/moe`],
    });
  });

  it('programme staff uploading an artist picture read their staff document and the artist', async () => {
    const name = 'staff-uploads/encore-2026/artists/the-nightjars/up1';
    expect(await storage({ method: 'create', path: name, auth: programme, resource: null, incoming: image(name) })).toEqual({
      allowed: true,
      read: [A, `${A}/artists/the-nightjars`, `${A}/staff/pia`],
    });
  });

  it('a festival’s admin uploading its app icon reads their staff document and the festival; programme staff are refused after reading theirs', async () => {
    const name = 'staff-uploads/encore-2026/brand/icon/up1';
    expect(await storage({ method: 'create', path: name, auth: admin, resource: null, incoming: image(name, 'image/png') })).toEqual({
      allowed: true,
      read: [A, `${A}/staff/ada`],
    });
    expect(await storage({ method: 'create', path: name, auth: programme, resource: null, incoming: image(name, 'image/png') })).toEqual({ allowed: false, read: [`${A}/staff/pia`] });
  });

  it('a visitor without a second factor uploading an artist picture reads nothing (and is refused)', async () => {
    const name = 'staff-uploads/encore-2026/artists/the-nightjars/up1';
    expect(await storage({ method: 'create', path: name, auth: visitor, resource: null, incoming: image(name) })).toEqual({ allowed: false, read: [] });
  });
});
