/**
 * Cloud Firestore rule sets: matching, method semantics, request/resource, document
 * reads and their limit, list rules against queries, coverage. One request, one exact
 * decision each.
 */
import { describe, expect, it } from 'vitest';
import { DocumentAccessBudget, RulesEngine, type FirestoreDocument, type FirestoreRequest, type FirestoreValueJson } from '../../src/rules/index.js';
import { alice, and, bob, fields, or, where } from './helpers.js';

const firestore = (body: string, version = '2') =>
  RulesEngine.fromSource(`rules_version = '${version}';\nservice cloud.firestore {\n  match /databases/{database}/documents {\n${body}\n  }\n}\n`);

type Case = [name: string, request: Omit<FirestoreRequest, 'auth'> & { auth?: FirestoreRequest['auth'] }, allowed: boolean];

async function check(engine: RulesEngine, cases: Case[]) {
  for (const [name, request, allowed] of cases) {
    const decision = await engine.authorizeFirestore({ auth: null, ...request });
    expect({ name, allowed: decision.allowed }).toEqual({ name, allowed });
  }
}

describe('Firestore rules: matching and methods', () => {
  it('read covers get and list, write covers create, update and delete', async () => {
    const engine = firestore(`
    match /open/{id} { allow read; }
    match /drop/{id} { allow write; }
    match /split/{id} { allow get; allow create, delete; }`);
    await check(engine, [
      ['read allows get', { method: 'get', path: 'open/a' }, true],
      ['read allows list', { method: 'list', path: 'open' }, true],
      ['read does not allow create', { method: 'create', path: 'open/a' }, false],
      ['write allows create', { method: 'create', path: 'drop/a' }, true],
      ['write allows update', { method: 'update', path: 'drop/a' }, true],
      ['write allows delete', { method: 'delete', path: 'drop/a' }, true],
      ['write does not allow get', { method: 'get', path: 'drop/a' }, false],
      ['get does not allow list', { method: 'list', path: 'split' }, false],
      ['create allowed on its own', { method: 'create', path: 'split/a' }, true],
      ['update not listed', { method: 'update', path: 'split/a' }, false],
      ['unmatched path is denied', { method: 'get', path: 'other/a' }, false],
      ['subcollections do not inherit', { method: 'get', path: 'open/a/sub/b' }, false],
    ]);
  });

  it('any matching allow statement suffices, across overlapping matches', async () => {
    const engine = firestore(`
    match /{document=**} { allow get: if request.auth != null && request.auth.uid == 'bob'; }
    match /posts/{id} { allow get: if id == 'public'; }`);
    await check(engine, [
      ['specific match allows', { method: 'get', path: 'posts/public' }, true],
      ['recursive match allows', { method: 'get', path: 'posts/secret', auth: bob }, true],
      ['neither allows', { method: 'get', path: 'posts/secret', auth: alice }, false],
    ]);
  });

  it('recursive wildcards match zero or more segments in version 2, one or more in version 1', async () => {
    const rules = `    match /cities/{city}/{rest=**} { allow get: if rest is path; }`;
    await check(firestore(rules, '2'), [
      ['v2 matches the city itself', { method: 'get', path: 'cities/SF' }, true],
      ['v2 matches nested documents', { method: 'get', path: 'cities/SF/landmarks/bridge' }, true],
    ]);
    await check(firestore(rules, '1'), [
      ['v1 needs at least one segment', { method: 'get', path: 'cities/SF' }, false],
      ['v1 matches nested documents', { method: 'get', path: 'cities/SF/landmarks/bridge' }, true],
    ]);
  });

  it('binds wildcards as strings and recursive wildcards as paths', async () => {
    const engine = firestore(`
    match /users/{uid}/{rest=**} {
      allow get: if uid == 'alice' && rest[0] == 'notes' && rest[1] == 'n1' && database == '(default)';
    }`);
    await check(engine, [
      ['bindings match', { method: 'get', path: 'users/alice/notes/n1' }, true],
      ['other uid', { method: 'get', path: 'users/bob/notes/n1' }, false],
    ]);
  });

  it('an allow that errors does not block another allow', async () => {
    const engine = firestore(`
    match /items/{id} {
      allow get: if resource.data.missingField == 1;
      allow get: if resource.data.visible == true;
    }`);
    const decision = await engine.authorizeFirestore({ method: 'get', path: 'items/a', auth: null, resource: fields({ visible: true }) });
    expect(decision.allowed).toBe(true);
    expect(decision.evaluations.map((e) => e.outcome)).toEqual(['error', 'allow']);
    expect(decision.evaluations[0]!.error).toMatch(/Property missingField is undefined/);
  });
});

describe('Firestore rules: request and resource', () => {
  const engine = firestore(`
    function signedIn() { return request.auth != null; }
    function isOwner(uid) { return signedIn() && request.auth.uid == uid; }
    match /users/{uid} {
      allow get: if isOwner(uid) || request.auth.token.admin == true;
      allow create: if isOwner(uid)
        && request.resource.data.keys().hasOnly(['name', 'age', 'joined'])
        && request.resource.data.name is string
        && request.resource.data.name.size() <= 20
        && (!('age' in request.resource.data) || request.resource.data.age is int)
        && request.resource.data.joined == request.time
        && request.resource.id == uid
        && request.resource.__name__ == /databases/$(database)/documents/users/$(uid);
      allow update: if isOwner(uid) && request.resource.data.diff(resource.data).affectedKeys().hasOnly(['name']);
      allow delete: if isOwner(uid) && request.resource == null && resource.data.deletable;
    }
    match /posts/{postId} {
      allow get: if resource == null || resource.data.published || resource.data.author == request.auth.uid;
    }
    match /verified/{id} {
      allow get: if request.auth.token.email_verified && request.auth.token.firebase.sign_in_provider == 'password';
    }
    match /typed/{id} {
      allow get: if resource.data.n == 3 && resource.data.f == 1.5 && resource.data.t < request.time
        && resource.data.ref == /databases/(default)/documents/users/alice
        && resource.data.geo.latitude() == 1.5 && resource.data.raw.size() == 3
        && resource.data.list[1].k == null && resource.data.n is int && resource.data.f is float;
    }
    match /time/{id} {
      allow get: if request.time > timestamp.date(2026, 1, 1) && request.time.year() == 2026 && request.method == 'get'
        && request.path == /databases/(default)/documents/time/$(id);
    }`);
  const now = new Date('2026-06-01T12:00:00Z');

  it('evaluates functions, auth, token claims and resource data', async () => {
    await check(engine, [
      ['owner may get', { method: 'get', path: 'users/alice', auth: alice }, true],
      ['admin claim may get', { method: 'get', path: 'users/alice', auth: bob }, true],
      ['signed out is denied (request.auth.token on null errors)', { method: 'get', path: 'users/alice' }, false],
      ['missing post: resource is null', { method: 'get', path: 'posts/p', resource: null }, true],
      ['published post', { method: 'get', path: 'posts/p', resource: fields({ published: true, author: 'bob' }) }, true],
      ['own draft', { method: 'get', path: 'posts/p', auth: alice, resource: fields({ published: false, author: 'alice' }) }, true],
      ["someone else's draft", { method: 'get', path: 'posts/p', auth: alice, resource: fields({ published: false, author: 'bob' }) }, false],
      ['verified password user', { method: 'get', path: 'verified/x', auth: alice }, true],
      ['google user without email_verified claim', { method: 'get', path: 'verified/x', auth: bob }, false],
      ['request.time, method and path', { method: 'get', path: 'time/x', time: now }, true],
    ]);
  });

  it('validates incoming data on create', async () => {
    const create = (data: Record<string, unknown>, auth = alice): Case[1] => ({ method: 'create', path: 'users/alice', auth, time: now, incoming: fields(data) });
    await check(engine, [
      ['valid document', create({ name: 'Alice', age: 30, joined: now }), true],
      ['optional field absent', create({ name: 'Alice', joined: now }), true],
      ['extra field', create({ name: 'Alice', joined: now, role: 'admin' }), false],
      ['name not a string', create({ name: 5, joined: now }), false],
      ['name too long', create({ name: 'x'.repeat(21), joined: now }), false],
      ['age is a float', create({ name: 'A', age: 30.5, joined: now }), false],
      ['joined is not request.time', create({ name: 'A', joined: new Date('2020-01-01T00:00:00Z') }), false],
      ['another user', create({ name: 'A', joined: now }, bob), false],
    ]);
  });

  it('compares before and after on update, and sees request.resource == null on delete', async () => {
    const existing = fields({ name: 'Alice', age: 30, joined: now, deletable: true });
    await check(engine, [
      ['rename only', { method: 'update', path: 'users/alice', auth: alice, resource: existing, incoming: fields({ name: 'Al', age: 30, joined: now, deletable: true }) }, true],
      ['change age', { method: 'update', path: 'users/alice', auth: alice, resource: existing, incoming: fields({ name: 'Alice', age: 31, joined: now, deletable: true }) }, false],
      ['remove a field', { method: 'update', path: 'users/alice', auth: alice, resource: existing, incoming: fields({ name: 'Alice', joined: now, deletable: true }) }, false],
      ['delete when deletable', { method: 'delete', path: 'users/alice', auth: alice, resource: existing }, true],
      ['delete when not deletable', { method: 'delete', path: 'users/alice', auth: alice, resource: fields({ deletable: false }) }, false],
    ]);
  });

  it('converts every Firestore value type', async () => {
    const typed: FirestoreDocument = {
      fields: {
        n: { integerValue: '3' },
        f: { doubleValue: 1.5 },
        t: { timestampValue: '2026-01-01T00:00:00.123456Z' },
        ref: { referenceValue: 'projects/demo/databases/(default)/documents/users/alice' },
        geo: { geoPointValue: { latitude: 1.5, longitude: 2 } },
        raw: { bytesValue: Buffer.from('abc').toString('base64') },
        list: { arrayValue: { values: [{ stringValue: 'a' }, { mapValue: { fields: { k: { nullValue: null } } } }] } },
      },
    };
    await check(engine, [['typed document', { method: 'get', path: 'typed/x', time: now, resource: typed }, true]]);
  });
});

describe('Firestore rules: get(), exists(), getAfter(), existsAfter()', () => {
  const engine = firestore(`
    function role() { return get(/databases/$(database)/documents/roles/$(request.auth.uid)).data.role; }
    match /docs/{id} {
      allow get: if role() == 'reader' || role() == 'editor';
      allow update: if exists(/databases/$(database)/documents/roles/$(request.auth.uid)) && role() == 'editor';
      allow create: if getAfter(/databases/$(database)/documents/counters/$(id)).data.count == 1
        && existsAfter(/databases/$(database)/documents/audit/$(id));
    }
    match /many/{n} {
      allow get: if exists(/databases/$(database)/documents/a/1) && exists(/databases/$(database)/documents/a/1)
        && exists(/databases/$(database)/documents/a/2) && exists(/databases/$(database)/documents/a/3)
        && exists(/databases/$(database)/documents/a/4) && exists(/databases/$(database)/documents/a/5)
        && exists(/databases/$(database)/documents/a/6) && exists(/databases/$(database)/documents/a/7)
        && exists(/databases/$(database)/documents/a/8) && exists(/databases/$(database)/documents/a/9)
        && exists(/databases/$(database)/documents/a/10)
        && (int(n) < 11 || exists(/databases/$(database)/documents/a/11));
    }
    match /badpath/{id} { allow get: if exists(/databases/$(database)/documents/roles); }`);
  const roles: Record<string, FirestoreDocument> = { 'roles/alice': fields({ role: 'editor' }), 'roles/bob': fields({ role: 'reader' }) };
  const syncStore = (path: string) => roles[path] ?? null;
  const asyncStore = async (path: string) => roles[path] ?? null;
  const everything = () => fields({});

  it('reads other documents through a synchronous or asynchronous accessor', async () => {
    await check(engine, [
      ['editor may get (sync)', { method: 'get', path: 'docs/d', auth: alice, documents: syncStore }, true],
      ['reader may get (async)', { method: 'get', path: 'docs/d', auth: bob, documents: asyncStore }, true],
      ['editor may update', { method: 'update', path: 'docs/d', auth: alice, documents: asyncStore }, true],
      ['reader may not update', { method: 'update', path: 'docs/d', auth: bob, documents: asyncStore }, false],
      ['no role document: get() returns null, .data errors', { method: 'get', path: 'docs/d', auth: { uid: 'carol', token: {} }, documents: asyncStore }, false],
      ['no accessor given', { method: 'get', path: 'docs/d', auth: alice }, false],
      ['exists() needs a document path', { method: 'get', path: 'badpath/x', documents: everything }, false],
    ]);
  });

  it('getAfter()/existsAfter() read the state after the write', async () => {
    const after: Record<string, FirestoreDocument> = { 'counters/c1': fields({ count: 1 }), 'audit/c1': fields({}) };
    await check(engine, [
      ['batch creates the counter and audit entry', { method: 'create', path: 'docs/c1', documentsAfter: (p) => after[p] ?? null }, true],
      ['audit entry missing', { method: 'create', path: 'docs/c1', documentsAfter: (p) => (p === 'counters/c1' ? after[p]! : null) }, false],
      ['no after-state accessor', { method: 'create', path: 'docs/c1', documents: (p) => after[p] ?? null }, false],
    ]);
  });

  it('limits distinct document reads to 10 per request; repeated reads of one document count once', async () => {
    await check(engine, [
      ['10 distinct documents (one read twice)', { method: 'get', path: 'many/10', documents: everything }, true],
      ['an 11th document is denied', { method: 'get', path: 'many/11', documents: everything }, false],
    ]);
    const decision = await engine.authorizeFirestore({ method: 'get', path: 'many/11', auth: null, documents: everything });
    expect(decision.reason).toMatch(/Exceeded the limit of 10 document access calls per request/);
  });

  it('shares a budget of 20 across the writes of a batch', async () => {
    const budget = new DocumentAccessBudget(20);
    const first = await engine.authorizeFirestore({ method: 'get', path: 'many/10', auth: null, documents: everything, budget });
    const second = await engine.authorizeFirestore({ method: 'get', path: 'many/11', auth: null, documents: everything, budget });
    expect([first.allowed, second.allowed, budget.used]).toEqual([true, true, 11]);
  });
});

describe('Firestore rules: list rules are judged against the query', () => {
  const engine = firestore(`
    match /notes/{noteId} {
      allow list: if request.auth != null && resource.data.owner == request.auth.uid;
    }
    match /stories/{id} {
      allow list: if resource.data.visibility == 'public' || resource.data.author == request.auth.uid;
    }
    match /adults/{id} {
      allow list: if resource.data.age >= 18 && request.query.limit <= 50;
    }
    match /tagged/{id} {
      allow list: if 'tag' in resource.data && resource.data.status != 'deleted';
    }
    match /named/{id} {
      allow list: if id == 'n1' || id == 'n2';
    }
    match /anyone/{id} {
      allow list: if request.auth != null;
    }
    match /{path=**}/comments/{commentId} {
      allow list: if resource.data.approved == true;
    }
    match /nested/{id} {
      allow list: if resource.data.meta.owner == request.auth.uid;
    }
    match /groups/{id} {
      allow list: if request.auth.uid in resource.data.members || resource.data.admins.hasAny([request.auth.uid]);
    }`);
  const list = (path: string, query: FirestoreRequest['query'], auth: FirestoreRequest['auth'] = alice): Case[1] => ({ method: 'list', path, auth, query });

  it('allows only queries whose filters prove the rule for every result', async () => {
    await check(engine, [
      ['equality filter on owner', list('notes', { where: where('owner', 'EQUAL', 'alice') }), true],
      ['no filter', list('notes', {}), false],
      ["filter on someone else's uid", list('notes', { where: where('owner', 'EQUAL', 'bob') }), false],
      ['filter on another field', list('notes', { where: where('title', 'EQUAL', 'alice') }), false],
      ['in filter with only the caller', list('notes', { where: where('owner', 'IN', ['alice']) }), true],
      ['in filter with another uid', list('notes', { where: where('owner', 'IN', ['alice', 'bob']) }), false],
      ['signed out', list('notes', { where: where('owner', 'EQUAL', 'alice') }, null), false],
      ['and of owner and another filter', list('notes', { where: and(where('owner', 'EQUAL', 'alice'), where('year', 'GREATER_THAN', 2000)) }), true],
    ]);
  });

  it('proves || branch by branch, and OR queries variant by variant', async () => {
    await check(engine, [
      ['public stories', list('stories', { where: where('visibility', 'EQUAL', 'public') }), true],
      ['own stories (first branch unknown, second proves)', list('stories', { where: where('author', 'EQUAL', 'alice') }), true],
      ['OR of public and own', list('stories', { where: or(where('visibility', 'EQUAL', 'public'), where('author', 'EQUAL', 'alice')) }), true],
      ['OR with a branch that proves nothing', list('stories', { where: or(where('visibility', 'EQUAL', 'public'), where('author', 'EQUAL', 'bob')) }), false],
      ['unlisted stories', list('stories', { where: where('visibility', 'EQUAL', 'unlisted') }), false],
    ]);
  });

  it('proves range conditions from range filters and reads request.query', async () => {
    await check(engine, [
      ['age > 20 with limit 10', list('adults', { where: where('age', 'GREATER_THAN', 20), limit: 10 }), true],
      ['age >= 18 exactly', list('adults', { where: where('age', 'GREATER_THAN_OR_EQUAL', 18), limit: 50 }), true],
      ['age > 17 is not enough', list('adults', { where: where('age', 'GREATER_THAN', 17), limit: 10 }), false],
      ['age > 17.5 is not enough for >= 18', list('adults', { where: where('age', 'GREATER_THAN', 17.5), limit: 10 }), false],
      ['age == 30', list('adults', { where: where('age', 'EQUAL', 30), limit: { value: 5 } }), true],
      ['no limit set', list('adults', { where: where('age', 'GREATER_THAN', 20) }), false],
      ['limit too large', list('adults', { where: where('age', 'GREATER_THAN', 20), limit: 51 }), false],
      ['string range cannot prove a number', list('adults', { where: where('age', 'GREATER_THAN', 'a'), limit: 10 }), false],
    ]);
  });

  it('knows which fields exist and which values are excluded', async () => {
    await check(engine, [
      ['tag filtered and status != deleted', list('tagged', { where: and(where('tag', 'ARRAY_CONTAINS', 'x'), where('status', 'NOT_EQUAL', 'deleted')) }), true],
      ['not-in deleted', list('tagged', { where: and(where('tag', 'EQUAL', 'x'), where('status', 'NOT_IN', ['deleted', 'spam'])) }), true],
      ['status == live', list('tagged', { where: and(where('tag', 'EQUAL', 'x'), where('status', 'EQUAL', 'live')) }), true],
      ['status unconstrained', list('tagged', { where: where('tag', 'EQUAL', 'x') }), false],
      ['tag unconstrained', list('tagged', { where: where('status', 'NOT_EQUAL', 'deleted') }), false],
      ['nested field equality', list('nested', { where: where('meta.owner', 'EQUAL', 'alice') }), true],
      ['nested field unconstrained', list('nested', { where: where('meta.other', 'EQUAL', 'alice') }), false],
      ['array-contains the caller', list('groups', { where: where('members', 'ARRAY_CONTAINS', 'alice') }), true],
      ['array-contains someone else', list('groups', { where: where('members', 'ARRAY_CONTAINS', 'bob') }), false],
      ['array-contains-any of the caller only', list('groups', { where: where('admins', 'ARRAY_CONTAINS_ANY', ['alice']) }), true],
      ['array-contains-any with another uid', list('groups', { where: where('admins', 'ARRAY_CONTAINS_ANY', ['alice', 'bob']) }), false],
    ]);
  });

  it('pins the document id with __name__ filters', async () => {
    const name = (id: string) => ({ referenceValue: `projects/demo/databases/(default)/documents/named/${id}` });
    const nameFilter = (op: string, value: FirestoreValueJson) => ({ fieldFilter: { field: { fieldPath: '__name__' }, op, value } });
    await check(engine, [
      ['__name__ == n1', list('named', { where: nameFilter('EQUAL', name('n1')) }), true],
      ['__name__ in [n1, n2]', list('named', { where: nameFilter('IN', { arrayValue: { values: [name('n1'), name('n2')] } }) }), true],
      ['__name__ == n3', list('named', { where: nameFilter('EQUAL', name('n3')) }), false],
      ['no __name__ filter', list('named', {}), false],
    ]);
  });

  it('matches collection-group queries only through recursive wildcards', async () => {
    await check(engine, [
      ['group query with approved filter', { method: 'list', path: 'comments', collectionGroup: true, auth: alice, query: { where: where('approved', 'EQUAL', true) } }, true],
      ['group query without filter', { method: 'list', path: 'comments', collectionGroup: true, auth: alice, query: {} }, false],
      ['group query over a collection with only top-level rules', { method: 'list', path: 'notes', collectionGroup: true, auth: alice, query: { where: where('owner', 'EQUAL', 'alice') } }, false],
      ['rules not touching resource allow any query', list('anyone', {}), true],
    ]);
  });

  it('denies queries that expand past 100 disjunctions', async () => {
    const many = Array.from({ length: 11 }, (_, i) => i);
    const query = { where: and(where('a', 'IN', many), where('b', 'IN', many)) };
    const decision = await engine.authorizeFirestore({ method: 'list', path: 'anyone', auth: alice, query });
    expect(decision.allowed).toBe(false);
    expect(decision.reason).toMatch(/more than 100 disjunctions/);
  });
});

describe('Firestore rules: coverage, debug and reasons', () => {
  it('counts each allow statement\'s outcomes and lists the ones never run', async () => {
    const engine = firestore(`
    match /a/{id} {
      allow get: if debug(id) == 'yes';
      allow create: if true;
    }
    match /b/{id} { allow read; }`);
    const yes = await engine.authorizeFirestore({ method: 'get', path: 'a/yes', auth: null });
    const no = await engine.authorizeFirestore({ method: 'get', path: 'a/no', auth: null });
    const none = await engine.authorizeFirestore({ method: 'update', path: 'a/no', auth: null });
    expect(yes.debug).toEqual(['"yes"']);
    expect(yes.reason).toBe('Allowed by line 6: allow get on /databases/{database}/documents/a/{id}');
    expect(no.reason).toBe('Denied get on /databases/(default)/documents/a/no: line 6: condition was false');
    expect(none.reason).toBe('No allow statement matches update on /databases/(default)/documents/a/no');
    expect(engine.coverage.report().map(({ line, methods, allow, deny, error }) => ({ line, methods, allow, deny, error }))).toEqual([
      { line: 6, methods: ['get'], allow: 1, deny: 1, error: 0 },
      { line: 7, methods: ['create'], allow: 0, deny: 0, error: 0 },
      { line: 9, methods: ['read'], allow: 0, deny: 0, error: 0 },
    ]);
    expect(engine.coverage.unexercised().map((e) => e.line)).toEqual([7, 9]);
    engine.coverage.reset();
    expect(engine.coverage.unexercised()).toHaveLength(3);
  });

  it('answers synchronously for synchronous seams, and accepts full resource names', () => {
    const engine = firestore(`
    match /rooms/{room} { allow get: if get(/databases/$(database)/documents/members/$(request.auth.uid)).data.room == room; }`);
    const member = () => fields({ room: 'r1' });
    const request = { method: 'get' as const, path: 'projects/demo/databases/(default)/documents/rooms/r1', auth: alice };
    expect(engine.authorizeFirestoreSync({ ...request, documents: member }).allowed).toBe(true);
    expect(engine.authorizeFirestoreSync({ ...request, path: 'projects/demo/databases/(default)/documents/rooms/r2', documents: member }).allowed).toBe(false);
    expect(() => engine.authorizeFirestoreSync({ ...request, documents: async () => member() })).toThrow(/use the asynchronous authorize method/);
  });

  it('refuses requests for the other service', () => {
    const engine = firestore('');
    expect(() => engine.authorizeStorage({ method: 'get', bucket: 'b', path: 'x', auth: null })).toThrow(/not firebase.storage/);
  });

  it('stops runaway recursion at the call depth limit', async () => {
    const engine = firestore(`
    function loop(n) { return loop(n + 1); }
    match /r/{id} { allow get: if loop(0); }`);
    const decision = await engine.authorizeFirestore({ method: 'get', path: 'r/x', auth: null });
    expect(decision.allowed).toBe(false);
    expect(decision.evaluations[0]!.error).toMatch(/Maximum function call depth \(20\) exceeded in loop\(\)/);
  });
});
