/** What the authorize seam is asked, per operation (the rules evaluator's input), and the owner bypass. */
import { describe, expect, it } from 'vitest';
import type { AccessRequest } from '../../src/firestore/index.js';
import { DB, ROOT, rest, unique, useRawEmulator } from './helpers.js';

const emulator = useRawEmulator();

/** An unsigned emulator ID token, as the Auth emulator and `mockUserToken` make them. */
function userToken(uid: string): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'none', typ: 'JWT' })}.${part({ sub: uid, user_id: uid, firebase: { sign_in_provider: 'custom' } })}.`;
}

async function asUser<T>(run: (headers: Record<string, string>) => Promise<T>): Promise<{ result: T; asked: AccessRequest[] }> {
  const asked: AccessRequest[] = [];
  emulator().setAuthorize((request) => {
    asked.push(request);
    return true;
  });
  try {
    return { result: await run({ authorization: `Bearer ${userToken('alice')}` }), asked };
  } finally {
    emulator().setAuthorize(() => true);
  }
}

describe('authorize seam', () => {
  it('create, then update, then delete: method, path, resource and incoming', async () => {
    const name = `${ROOT}/${unique()}/a`;
    const commit = (headers: Record<string, string>, writes: unknown[]) => rest(emulator(), 'POST', `/v1/${DB}/documents:commit`, { writes }, headers);
    const { asked } = await asUser(async (headers) => {
      await commit(headers, [{ update: { name, fields: { n: { integerValue: '1' } } } }]);
      await commit(headers, [{ update: { name, fields: { n: { integerValue: '2' } } } }]);
      await commit(headers, [{ delete: name }]);
    });
    expect(asked.map((r) => [r.method, r.path, r.resource?.fields.n ?? null, r.incoming?.fields.n ?? null])).toEqual([
      ['create', name, null, { integerValue: '1' }],
      ['update', name, { integerValue: '1' }, { integerValue: '2' }],
      ['delete', name, { integerValue: '2' }, null],
    ]);
    expect(asked[0]!.caller).toMatchObject({ kind: 'user', auth: { uid: 'alice', token: { firebase: { sign_in_provider: 'custom' } } } });
  });

  it('get and list; a list carries the query and whether it is a collection group', async () => {
    const col = unique();
    const { asked } = await asUser(async (headers) => {
      await rest(emulator(), 'GET', `/v1/${ROOT}/${col}/missing`, undefined, headers);
      await rest(emulator(), 'POST', `/v1/${ROOT}:runQuery`, { structuredQuery: { from: [{ collectionId: col }], limit: 5 } }, headers);
      await rest(emulator(), 'POST', `/v1/${ROOT}:runQuery`, { structuredQuery: { from: [{ collectionId: col, allDescendants: true }] } }, headers);
    });
    expect(asked.map((r) => [r.method, r.path, r.query?.collectionGroup])).toEqual([
      ['get', `${ROOT}/${col}/missing`, undefined],
      ['list', `${ROOT}/${col}`, false],
      ['list', `${ROOT}/${col}`, true],
    ]);
    expect(asked[1]!.query!.structuredQuery).toMatchObject({ limit: 5 });
  });

  it('a commit: request time = server timestamps, documents before and after the whole commit, one commit object', async () => {
    const col = unique();
    const a = `${ROOT}/${col}/a`;
    const b = `${ROOT}/${col}/b`;
    await rest(emulator(), 'POST', `/v1/${DB}/documents:commit`, { writes: [{ update: { name: b, fields: { old: { booleanValue: true } } } }] });
    const seen: { timestamp: string; incomingAt: unknown; bBefore: unknown; bAfter: unknown; aAfter: unknown; commit: unknown }[] = [];
    emulator().setAuthorize((request) => {
      seen.push({
        timestamp: request.timestamp,
        incomingAt: request.incoming?.fields.at,
        bBefore: request.documents(`${col}/b`)?.fields,
        bAfter: request.documentsAfter?.(`${col}/b`)?.fields ?? null,
        aAfter: request.documentsAfter?.(`${col}/a`)?.fields.n,
        commit: request.commit,
      });
      return true;
    });
    try {
      const response = await rest(emulator(), 'POST', `/v1/${DB}/documents:commit`, {
        writes: [
          { update: { name: a, fields: { n: { integerValue: '1' } } }, updateTransforms: [{ fieldPath: 'at', setToServerValue: 'REQUEST_TIME' }] },
          { delete: b },
        ],
      }, { authorization: `Bearer ${userToken('alice')}` });
      const commitTime = (response.body as { commitTime: string }).commitTime;
      expect(seen).toHaveLength(2);
      expect(seen[0]).toMatchObject({ timestamp: commitTime, incomingAt: { timestampValue: commitTime }, bBefore: { old: { booleanValue: true } }, bAfter: null, aAfter: { integerValue: '1' } });
      expect(seen[1]!.commit).toBe(seen[0]!.commit);
    } finally {
      emulator().setAuthorize(() => true);
    }
  });

  it('a verdict can carry the denial message', async () => {
    emulator().setAuthorize(() => ({ allowed: false, message: "false for 'get' @ L4" }));
    try {
      const refused = await rest(emulator(), 'GET', `/v1/${ROOT}/${unique()}/a`, undefined, { authorization: `Bearer ${userToken('bob')}` });
      expect(refused.body).toMatchObject({ error: { status: 'PERMISSION_DENIED', message: "false for 'get' @ L4" } });
    } finally {
      emulator().setAuthorize(() => true);
    }
  });

  it('a rules validator can refuse a source sent to :securityRules (400), keeping the previous one', async () => {
    emulator().setRulesValidator((source) => (source.includes('oops') ? 'Line 1, column 5: unexpected token' : undefined));
    try {
      const put = (content: string) => rest(emulator(), 'PUT', '/emulator/v1/projects/demo-raw:securityRules', { rules: { files: [{ name: 'firestore.rules', content }] } });
      expect((await put('rules_version = "2";')).status).toBe(200);
      const refused = await put('oops');
      expect(refused.body).toMatchObject({ error: { code: 400, status: 'INVALID_ARGUMENT', message: 'Line 1, column 5: unexpected token' } });
      expect(emulator().getRules()).toBe('rules_version = "2";');
    } finally {
      emulator().setRulesValidator(() => undefined);
    }
  });

  it('the owner never reaches the seam, and a refusal is PERMISSION_DENIED', async () => {
    const asked: AccessRequest[] = [];
    emulator().setAuthorize((request) => {
      asked.push(request);
      return false;
    });
    try {
      const name = `${ROOT}/${unique()}/a`;
      expect((await rest(emulator(), 'POST', `/v1/${DB}/documents:commit`, { writes: [{ update: { name, fields: {} } }] })).status).toBe(200);
      expect(asked).toEqual([]);
      const refused = await rest(emulator(), 'GET', `/v1/${name}`, undefined, { authorization: `Bearer ${userToken('bob')}` });
      expect(refused.body).toMatchObject({ error: { code: 403, status: 'PERMISSION_DENIED', message: 'Missing or insufficient permissions.' } });
      const anonymous = await rest(emulator(), 'GET', `/v1/${name}`, undefined, { authorization: '' });
      expect(anonymous.status).toBe(403);
      expect(asked.map((r) => r.caller.kind)).toEqual(['user', 'anonymous-request']);
    } finally {
      emulator().setAuthorize(() => true);
    }
  });
});
