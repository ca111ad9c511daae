/**
 * Conformance: access control through the emulator's authorize seam (PERMISSION_DENIED, the
 * owner bypass), and the server's validation errors as each client reports them.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { CLIENTS } from './clients.js';
import { failure, nextError, ok, putRules, uniqueCollection, useClients, useEmulator } from './harness.js';

const emulator = useEmulator();

/** Anything under a `locked_*` collection is denied to non-owners: rules written for the official emulator. */
const LOCKED_RULES = `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /{collection}/{rest=**} { allow read, write: if !collection.matches('locked_.*'); }
  }
}`;

/** Ours: the authorize seam stands in for those rules (the rules engine has its own suites); official: the rules themselves. */
beforeAll(async () => {
  const target = emulator();
  if (target.emulator) target.emulator.setAuthorize((request) => !/\/documents\/locked_/.test(request.path));
  else await putRules(target, LOCKED_RULES);
});

describe.each(CLIENTS)('access and errors via $name', (factory) => {
  const env = useClients(factory, emulator);
  const denied = (code: string) => (factory.alwaysOwner ? expect(code).toBe('ok') : expect(code).toBe('permission-denied'));
  const codeOf = (outcome: { ok: boolean; error?: { code: string } }) => (outcome.ok ? 'ok' : outcome.error!.code);

  it('a denied read fails permission-denied (the owner bypasses the check)', async () => {
    const path = `${uniqueCollection('locked_')}/a`;
    ok(await env().owner.write({ op: 'set', path, data: { secret: 1 } }));
    denied(codeOf(await env().user.get(path)));
  });

  it('a denied write fails permission-denied and writes nothing', async () => {
    const path = `${uniqueCollection('locked_')}/a`;
    denied(codeOf(await env().user.write({ op: 'set', path, data: { n: 1 } })));
    expect(ok(await env().owner.get(path)).exists).toBe(factory.alwaysOwner);
  });

  it('a denied query fails permission-denied', async () => {
    denied(codeOf(await env().user.query({ collection: uniqueCollection('locked_') })));
  });

  it('a denied batch fails as a whole', async () => {
    const open = `${uniqueCollection()}/a`;
    const outcome = await env().user.batch([
      { op: 'set', path: open, data: { n: 1 } },
      { op: 'set', path: `${uniqueCollection('locked_')}/b`, data: { n: 1 } },
    ]);
    denied(codeOf(outcome));
    expect(ok(await env().owner.get(open)).exists).toBe(factory.alwaysOwner);
  });

  it('a denied listener gets a permission-denied error', async () => {
    const id = ok(await env().user.listen({ query: { collection: uniqueCollection('locked_') } }));
    if (factory.alwaysOwner) {
      expect((await env().user.nextEvent(id, 8000)).kind).toBe('snapshot');
    } else {
      expect((await nextError(env().user, id)).code).toBe('permission-denied');
    }
    await env().user.unlisten(id);
  });

  it('allowed paths stay open to a signed-in user', async () => {
    const path = `${uniqueCollection('open_')}/a`;
    ok(await env().user.write({ op: 'set', path, data: { n: 1 } }));
    expect(ok(await env().user.get(path)).data).toEqual({ n: 1 });
  });

  it('a field name longer than 1500 bytes fails invalid-argument', async () => {
    const outcome = await env().client.write({ op: 'set', path: `${uniqueCollection()}/a`, data: { ['f'.repeat(1501)]: 1 } });
    expect(failure(outcome).code).toBe('invalid-argument');
  });

  it('maps nested deeper than 20 levels fail invalid-argument', async () => {
    let deep: Record<string, unknown> = { leaf: 1 };
    for (let i = 0; i < 21; i++) deep = { m: deep };
    const outcome = await env().client.write({ op: 'set', path: `${uniqueCollection()}/a`, data: deep as never });
    expect(failure(outcome).code).toBe('invalid-argument');
  });

  it('a document id longer than 1500 bytes fails invalid-argument', async () => {
    const outcome = await env().client.write({ op: 'set', path: `${uniqueCollection()}/${'d'.repeat(1501)}`, data: { n: 1 } });
    expect(failure(outcome).code).toBe('invalid-argument');
  });
});
