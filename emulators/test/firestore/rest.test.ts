/** The REST transport and admin endpoints, spoken raw: shapes, CORS, and every bad input's error. */
import { describe, expect, it } from 'vitest';
import { DB, ROOT, rest, unique, useRawEmulator } from './helpers.js';

const emulator = useRawEmulator();

const commit = (writes: unknown[]) => rest(emulator(), 'POST', `/v1/${DB}/documents:commit`, { writes });

describe('REST transport', () => {
  it('commit, then get and batchGet (a JSON array with found and missing)', async () => {
    const name = `${ROOT}/${unique()}/a`;
    const committed = await commit([{ update: { name, fields: { n: { integerValue: '1' } } } }]);
    expect(committed.status).toBe(200);
    expect(committed.body).toMatchObject({ commitTime: expect.stringMatching(/Z$/), writeResults: [{ updateTime: expect.any(String) }] });
    const got = await rest(emulator(), 'GET', `/v1/${name}`);
    expect(got.body).toMatchObject({ name, fields: { n: { integerValue: '1' } } });
    const batch = await rest(emulator(), 'POST', `/v1/${DB}/documents:batchGet`, { documents: [name, `${name}x`] });
    expect(batch.body).toEqual([
      { found: expect.objectContaining({ name }), readTime: expect.any(String) },
      { missing: `${name}x`, readTime: expect.any(String) },
    ]);
  });

  it('runQuery answers a JSON array, and accepts enums as numbers ($alt=json;enum-encoding=int)', async () => {
    const col = unique();
    await commit([1, 2, 3].map((n) => ({ update: { name: `${ROOT}/${col}/d${n}`, fields: { n: { integerValue: String(n) } } } })));
    const response = await rest(emulator(), 'POST', `/v1/${ROOT}:runQuery?$alt=json%3Benum-encoding%3Dint`, {
      structuredQuery: { from: [{ collectionId: col }], orderBy: [{ field: { fieldPath: 'n' }, direction: 2 }], where: { fieldFilter: { field: { fieldPath: 'n' }, op: 3, value: { integerValue: '1' } } } },
    });
    expect((response.body as { document: { name: string } }[]).map((r) => r.document.name.split('/').pop())).toEqual(['d3', 'd2']);
  });

  it('runQuery with no results still answers one element with a readTime', async () => {
    const response = await rest(emulator(), 'POST', `/v1/${ROOT}:runQuery`, { structuredQuery: { from: [{ collectionId: unique() }] } });
    expect(response.body).toEqual([{ readTime: expect.any(String) }]);
  });

  it('runAggregationQuery answers exactly one result keyed by alias', async () => {
    const col = unique();
    await commit([{ update: { name: `${ROOT}/${col}/a`, fields: { n: { doubleValue: 1.5 } } } }]);
    const response = await rest(emulator(), 'POST', `/v1/${ROOT}:runAggregationQuery`, {
      structuredAggregationQuery: { structuredQuery: { from: [{ collectionId: col }] }, aggregations: [{ alias: 'c', count: {} }, { alias: 's', sum: { field: { fieldPath: 'n' } } }] },
    });
    expect(response.body).toEqual([{ result: { aggregateFields: { c: { integerValue: '1' }, s: { doubleValue: 1.5 } } }, readTime: expect.any(String) }]);
  });

  it('maximum and minimum transforms (which firebase-admin cannot send)', async () => {
    const name = `${ROOT}/${unique()}/a`;
    await commit([{ update: { name, fields: { hi: { integerValue: '5' }, lo: { integerValue: '5' } } } }]);
    const response = await commit([
      {
        update: { name, fields: {} },
        updateMask: { fieldPaths: [] },
        updateTransforms: [
          { fieldPath: 'hi', maximum: { integerValue: '9' } },
          { fieldPath: 'lo', minimum: { doubleValue: 2.5 } },
        ],
      },
    ]);
    expect(response.body).toMatchObject({ writeResults: [{ transformResults: [{ integerValue: '9' }, { doubleValue: 2.5 }] }] });
  });

  it('maximum and minimum keep a stored NaN, and a NaN operand makes NaN', async () => {
    const name = `${ROOT}/${unique()}/a`;
    await commit([{ update: { name, fields: { hi: { doubleValue: 'NaN' }, lo: { integerValue: '5' } } } }]);
    const response = await commit([
      {
        update: { name, fields: {} },
        updateMask: { fieldPaths: [] },
        updateTransforms: [
          { fieldPath: 'hi', maximum: { integerValue: '9' } },
          { fieldPath: 'lo', maximum: { doubleValue: 'NaN' } },
        ],
      },
    ]);
    expect(response.body).toMatchObject({ writeResults: [{ transformResults: [{ doubleValue: 'NaN' }, { doubleValue: 'NaN' }] }] });
  });

  it('create (POST on a collection), patch with an update mask, delete with a precondition', async () => {
    const col = unique();
    const created = await rest(emulator(), 'POST', `/v1/${ROOT}/${col}?documentId=x`, { fields: { a: { stringValue: 'A' }, b: { stringValue: 'B' } } });
    expect(created.body).toMatchObject({ name: `${ROOT}/${col}/x` });
    const again = await rest(emulator(), 'POST', `/v1/${ROOT}/${col}?documentId=x`, { fields: {} });
    expect(again.body).toMatchObject({ error: { code: 409, status: 'ALREADY_EXISTS' } });
    const patched = await rest(emulator(), 'PATCH', `/v1/${ROOT}/${col}/x?updateMask.fieldPaths=a`, { fields: { a: { stringValue: 'A2' } } });
    expect((patched.body as { fields: unknown }).fields).toEqual({ a: { stringValue: 'A2' }, b: { stringValue: 'B' } });
    const deleted = await rest(emulator(), 'DELETE', `/v1/${ROOT}/${col}/nope?currentDocument.exists=true`);
    expect(deleted.body).toMatchObject({ error: { code: 404, status: 'NOT_FOUND' } });
    expect((await rest(emulator(), 'DELETE', `/v1/${ROOT}/${col}/x`)).status).toBe(200);
    expect((await rest(emulator(), 'GET', `/v1/${ROOT}/${col}/x`)).status).toBe(404);
  });

  it('list documents and collection ids', async () => {
    const col = unique();
    await commit(['a', 'b', 'c'].map((id) => ({ update: { name: `${ROOT}/${col}/${id}/sub/s`, fields: {} } })));
    await commit([{ update: { name: `${ROOT}/${col}/a`, fields: {} } }]);
    const page = await rest(emulator(), 'GET', `/v1/${ROOT}/${col}?pageSize=1`);
    expect(page.body).toMatchObject({ documents: [{ name: `${ROOT}/${col}/a` }] });
    const missing = await rest(emulator(), 'GET', `/v1/${ROOT}/${col}?showMissing=true`);
    expect((missing.body as { documents: { name: string }[] }).documents.map((d) => d.name.split('/').pop())).toEqual(['a', 'b', 'c']);
    const ids = await rest(emulator(), 'POST', `/v1/${ROOT}/${col}/b:listCollectionIds`, {});
    expect(ids.body).toEqual({ collectionIds: ['sub'] });
  });

  it('beginTransaction, then rollback, then rollback again fails invalid-argument', async () => {
    const begun = await rest(emulator(), 'POST', `/v1/${DB}/documents:beginTransaction`, {});
    const transaction = (begun.body as { transaction: string }).transaction;
    expect(transaction).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect((await rest(emulator(), 'POST', `/v1/${DB}/documents:rollback`, { transaction })).body).toEqual({});
    const again = await rest(emulator(), 'POST', `/v1/${DB}/documents:rollback`, { transaction });
    expect(again.body).toMatchObject({ error: { code: 400, status: 'INVALID_ARGUMENT' } });
  });

  it('a read-write transaction aborts when a document it read changed', async () => {
    const name = `${ROOT}/${unique()}/a`;
    await commit([{ update: { name, fields: { n: { integerValue: '1' } } } }]);
    const [first] = (await rest(emulator(), 'POST', `/v1/${DB}/documents:batchGet`, { documents: [name], newTransaction: { readWrite: {} } })).body as { transaction: string }[];
    await commit([{ update: { name, fields: { n: { integerValue: '2' } } } }]);
    const response = await rest(emulator(), 'POST', `/v1/${DB}/documents:commit`, { transaction: first!.transaction, writes: [{ update: { name, fields: { n: { integerValue: '3' } } } }] });
    expect(response.status).toBe(409);
    expect(response.body).toMatchObject({ error: { status: 'ABORTED', message: expect.stringContaining('contention') } });
  });

  it('a read-only transaction cannot write', async () => {
    const begun = await rest(emulator(), 'POST', `/v1/${DB}/documents:beginTransaction`, { options: { readOnly: {} } });
    const response = await rest(emulator(), 'POST', `/v1/${DB}/documents:commit`, {
      transaction: (begun.body as { transaction: string }).transaction,
      writes: [{ update: { name: `${ROOT}/${unique()}/a`, fields: {} } }],
    });
    expect(response.body).toMatchObject({ error: { status: 'INVALID_ARGUMENT' } });
  });
});

describe('REST errors for bad input', () => {
  const expectError = (response: { status: number; body: unknown }, status: number, name: string) => {
    expect(response.status).toBe(status);
    expect(response.body).toMatchObject({ error: { code: status, status: name, message: expect.any(String) } });
  };

  it('bad JSON', async () => {
    expectError(await rest(emulator(), 'POST', `/v1/${DB}/documents:commit`, '{"writes": ['), 400, 'INVALID_ARGUMENT');
  });

  it('unknown field names, at any depth', async () => {
    const top = await rest(emulator(), 'POST', `/v1/${DB}/documents:commit`, { writes: [], bogus: 1 });
    expectError(top, 400, 'INVALID_ARGUMENT');
    expect((top.body as { error: { message: string } }).error.message).toContain('Unknown name "bogus"');
    const deep = await commit([{ update: { name: `${ROOT}/c/d`, fields: { a: { stringValue: 'x', sneaky: 1 } } } }]);
    expectError(deep, 400, 'INVALID_ARGUMENT');
  });

  it('a value with no kind, or two kinds', async () => {
    expectError(await commit([{ update: { name: `${ROOT}/c/d`, fields: { a: {} } } }]), 400, 'INVALID_ARGUMENT');
    expectError(await commit([{ update: { name: `${ROOT}/c/d`, fields: { a: { stringValue: 'x', integerValue: '1' } } } }]), 400, 'INVALID_ARGUMENT');
  });

  it('malformed scalars: integer, timestamp, bytes, geo point', async () => {
    for (const value of [{ integerValue: 'twelve' }, { integerValue: '99999999999999999999' }, { timestampValue: 'yesterday' }, { bytesValue: '***' }, { geoPointValue: { latitude: 91, longitude: 0 } }]) {
      expectError(await commit([{ update: { name: `${ROOT}/c/d`, fields: { v: value } } }]), 400, 'INVALID_ARGUMENT');
    }
  });

  it('invalid document names', async () => {
    for (const name of [`${ROOT}/odd`, `${ROOT}/c//d`, `${ROOT}/c/__x__`, 'projects/p/documents/c/d', `${ROOT}/c/.`]) {
      expectError(await commit([{ update: { name, fields: {} } }]), 400, 'INVALID_ARGUMENT');
    }
  });

  it('batchWrite with an invalid document id fails the whole request with 400, and writes nothing', async () => {
    const good = `${ROOT}/${unique()}/ok`;
    const response = await rest(emulator(), 'POST', `/v1/${DB}/documents:batchWrite`, {
      writes: [{ update: { name: good, fields: {} } }, { update: { name: `${ROOT}/c/__bad__`, fields: {} } }],
    });
    expectError(response, 400, 'INVALID_ARGUMENT');
    expect((await rest(emulator(), 'GET', `/v1/${good}`)).status).toBe(404);
  });

  it('batchWrite refuses two writes to one document; a failed precondition is a per-write status', async () => {
    const name = `${ROOT}/${unique()}/d`;
    const twice = await rest(emulator(), 'POST', `/v1/${DB}/documents:batchWrite`, { writes: [{ update: { name, fields: {} } }, { delete: name }] });
    expectError(twice, 400, 'INVALID_ARGUMENT');
    const other = `${ROOT}/${unique()}/e`;
    const mixed = await rest(emulator(), 'POST', `/v1/${DB}/documents:batchWrite`, {
      writes: [{ update: { name, fields: {} } }, { update: { name: other, fields: {} }, currentDocument: { exists: true } }],
    });
    expect(mixed.status).toBe(200);
    expect((mixed.body as { status: { code: number }[] }).status.map((s) => s.code)).toEqual([0, 5]);
  });

  it('numeric document ids (__id7__) are accepted; other __x__ ids and non-canonical numbers are not', async () => {
    const col = unique();
    expect((await commit([{ update: { name: `${ROOT}/${col}/__id7__`, fields: {} } }])).status).toBe(200);
    expect((await commit([{ update: { name: `${ROOT}/${col}/__id-9223372036854775808__`, fields: {} } }])).status).toBe(200);
    for (const id of ['__id007__', '__id-0__', '__id9223372036854775808__', '__idx__']) {
      expectError(await commit([{ update: { name: `${ROOT}/${col}/${id}`, fields: {} } }]), 400, 'INVALID_ARGUMENT');
    }
    expectError(await commit([{ update: { name: `${ROOT}/__id7__/d`, fields: {} } }]), 400, 'INVALID_ARGUMENT');
  });

  it('timestamps are stored to the microsecond, and every time in a response is whole microseconds', async () => {
    const name = `${ROOT}/${unique()}/t`;
    const committed = await commit([{ update: { name, fields: { at: { timestampValue: '2026-05-01T12:34:56.123456789Z' } } } }]);
    const got = await rest(emulator(), 'GET', `/v1/${name}`);
    expect(got.body).toMatchObject({ fields: { at: { timestampValue: '2026-05-01T12:34:56.123456Z' } } });
    const { createTime, updateTime } = got.body as { createTime: string; updateTime: string };
    const { commitTime } = committed.body as { commitTime: string };
    for (const time of [createTime, updateTime, commitTime]) expect(time).toMatch(/\.\d{6}Z$/);
  });

  it('a malformed percent-escape in the URL path', async () => {
    expectError(await rest(emulator(), 'GET', `/v1/${ROOT}/c/%E0%A4%A`), 400, 'INVALID_ARGUMENT');
  });

  it('a document name in another project than the request', async () => {
    expectError(await commit([{ update: { name: 'projects/other/databases/(default)/documents/c/d', fields: {} } }]), 400, 'INVALID_ARGUMENT');
  });

  it('a document over 1 MiB', async () => {
    const response = await commit([{ update: { name: `${ROOT}/c/big`, fields: { s: { stringValue: 'x'.repeat(1_100_000) } } } }]);
    expectError(response, 400, 'INVALID_ARGUMENT');
    expect((response.body as { error: { message: string } }).error.message).toContain('exceeds the maximum allowed size of 1,048,576 bytes');
  });

  it('a write with two operations, or a transform on the same field twice', async () => {
    expectError(await commit([{ update: { name: `${ROOT}/c/d`, fields: {} }, delete: `${ROOT}/c/d` }]), 400, 'INVALID_ARGUMENT');
    const twice = [{ fieldPath: 'n', increment: { integerValue: '1' } }, { fieldPath: 'n', increment: { integerValue: '1' } }];
    expectError(await commit([{ update: { name: `${ROOT}/c/d`, fields: {} }, updateTransforms: twice }]), 400, 'INVALID_ARGUMENT');
  });

  it('invalid queries: no from, bad operator, bad cursor, bad field path', async () => {
    const run = (structuredQuery: unknown) => rest(emulator(), 'POST', `/v1/${ROOT}:runQuery`, { structuredQuery });
    expectError(await run({}), 400, 'INVALID_ARGUMENT');
    expectError(await run({ from: [{ collectionId: 'c' }], where: { fieldFilter: { field: { fieldPath: 'a' }, op: 'LIKE', value: { nullValue: null } } } }), 400, 'INVALID_ARGUMENT');
    expectError(await run({ from: [{ collectionId: 'c' }], startAt: { values: [{ integerValue: '1' }, { integerValue: '2' }] } }), 400, 'INVALID_ARGUMENT');
    expectError(await run({ from: [{ collectionId: 'c' }], orderBy: [{ field: { fieldPath: 'a..b' } }] }), 400, 'INVALID_ARGUMENT');
  });

  it('a bad Authorization header is UNAUTHENTICATED', async () => {
    const response = await rest(emulator(), 'GET', `/v1/${ROOT}/c/d`, undefined, { authorization: 'Bearer not-a-jwt' });
    expectError(response, 401, 'UNAUTHENTICATED');
  });

  it('unknown routes and methods are NOT_FOUND', async () => {
    expectError(await rest(emulator(), 'POST', `/v1/${DB}/documents:explode`, {}), 404, 'NOT_FOUND');
    expectError(await rest(emulator(), 'GET', '/nothing/here'), 404, 'NOT_FOUND');
  });

  it('the server keeps serving after all of that', async () => {
    expect((await rest(emulator(), 'GET', '/')).text).toBe('Ok');
  });
});

describe('admin endpoints and CORS', () => {
  it('GET / answers Ok', async () => {
    const response = await rest(emulator(), 'GET', '/');
    expect(response.status).toBe(200);
    expect(response.text).toBe('Ok');
  });

  it('DELETE .../documents clears the database', async () => {
    const name = `${ROOT}/${unique()}/a`;
    await commit([{ update: { name, fields: {} } }]);
    expect((await rest(emulator(), 'DELETE', `/emulator/v1/${ROOT}`)).status).toBe(200);
    expect((await rest(emulator(), 'GET', `/v1/${name}`)).status).toBe(404);
  });

  it('PUT :securityRules stores the rules (official body shape) and GET returns them', async () => {
    const source = "rules_version = '2';\nservice cloud.firestore { match /databases/{db}/documents { match /{doc=**} { allow read; } } }";
    const body = { rules: { files: [{ name: 'firestore.rules', content: source }] } };
    expect((await rest(emulator(), 'PUT', '/emulator/v1/projects/demo-raw:securityRules', body)).status).toBe(200);
    expect(emulator().getRules()).toBe(source);
    const read = await rest(emulator(), 'GET', '/emulator/v1/projects/demo-raw:securityRules');
    expect(read.body).toEqual(body);
    expect((await rest(emulator(), 'PUT', '/emulator/v1/projects/demo-raw:securityRules', { rules: {} })).status).toBe(400);
  });

  it('REST responses echo the Origin with credentials, and preflights answer 204', async () => {
    const origin = 'http://127.0.0.1:5173';
    const response = await rest(emulator(), 'GET', '/', undefined, { origin });
    expect(response.headers.get('access-control-allow-origin')).toBe(origin);
    expect(response.headers.get('access-control-allow-credentials')).toBe('true');
    const preflight = await fetch(`http://127.0.0.1:${emulator().port}/v1/${DB}/documents:commit`, {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, x-goog-api-client' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-headers')).toBe('authorization, x-goog-api-client');
    expect(preflight.headers.get('access-control-allow-origin')).toBe(origin);
  });
});
