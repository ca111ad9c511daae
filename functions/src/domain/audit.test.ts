import { describe, expect, it } from 'vitest';
import { actionOf, actorOf, boundedData, buildAuditEntry, callableBatchId, changedFields, consoleEntryId, labelOf } from './audit.js';

const at = new Date('2026-08-14T20:00:00Z');
const actor = { uid: 'ada', email: 'ada@example.org', name: 'Ada' };

describe('changedFields', () => {
  it('lists fields added, removed and changed, sorted, comparing times by instant and lists and maps by content', () => {
    const before = { name: 'Main', startsAt: new Date('2026-08-14T20:00:00Z'), genres: ['rock'], links: { website: 'https://a.example' }, title: 'DJ set' };
    const after = { name: 'Main', startsAt: new Date('2026-08-14T20:00:00Z'), genres: ['rock', 'pop'], links: { website: 'https://b.example' }, order: 2 };
    expect(changedFields(before, after)).toEqual(['genres', 'links', 'order', 'title']);
  });

  it('lists nothing for the same values in new objects', () => {
    expect(changedFields({ at: new Date(5), m: { a: [1, { b: 2 }] } }, { at: new Date(5), m: { a: [1, { b: 2 }] } })).toEqual([]);
  });

  it('lists every field of a created or deleted document', () => {
    expect(changedFields(null, { b: 1, a: 2 })).toEqual(['a', 'b']);
    expect(changedFields({ z: 1 }, null)).toEqual(['z']);
  });
});

describe('actionOf', () => {
  it('names creation, update and deletion', () => {
    expect([actionOf(null, {}), actionOf({}, {}), actionOf({}, null)]).toEqual(['created', 'updated', 'deleted']);
  });
});

describe('boundedData', () => {
  const big = 'x'.repeat(1000);
  it('keeps both documents whole while they fit', () => {
    expect(boundedData({ a: 1, bio: big }, { a: 2, bio: big }, ['a'], 5000)).toEqual({ before: { a: 1, bio: big }, after: { a: 2, bio: big }, detail: 'complete' });
  });

  it('keeps only the changed fields when the whole documents are too big, and says so', () => {
    expect(boundedData({ a: 1, bio: big }, { a: 2, bio: big }, ['a'], 1500)).toEqual({ before: { a: 1 }, after: { a: 2 }, detail: 'changed-fields' });
  });

  it('keeps no data when even the changed fields are too big, and says so', () => {
    expect(boundedData({ bio: big }, { bio: `${big}y` }, ['bio'], 1500)).toEqual({ before: null, after: null, detail: 'omitted' });
  });
});

describe('labelOf', () => {
  it('names a thing by its name, its English or Dutch title, or an email', () => {
    expect(labelOf({ name: 'Main Stage' })).toBe('Main Stage');
    expect(labelOf({ title: { en: '', nl: 'Kluisjes' } })).toBe('Kluisjes');
    expect(labelOf({ title: 'Storm warning' })).toBe('Storm warning');
    expect(labelOf({ title: '', titleNl: 'Onweer' })).toBe('Onweer');
    expect(labelOf({ email: 'cleo@example.org', role: 'moderator' })).toBe('cleo@example.org');
    expect(labelOf({ markers: [] })).toBeNull();
    expect(labelOf(null)).toBeNull();
  });
});

describe('buildAuditEntry', () => {
  it('records an update with before, after, the changed fields and who', () => {
    const entry = buildAuditEntry(
      { kind: 'stage', document: 'stages/main', before: { name: 'Main', order: 0 }, after: { name: 'Main Stage', order: 0 } },
      { at, actor, via: 'console' },
    );
    expect(entry).toEqual({
      at,
      actor,
      action: 'updated',
      document: 'stages/main',
      kind: 'stage',
      label: 'Main Stage',
      before: { name: 'Main', order: 0 },
      after: { name: 'Main Stage', order: 0 },
      changed: ['name'],
      detail: 'complete',
      via: 'console',
    });
  });

  it('names a deleted thing by what it was, and keeps the batch id of a callable', () => {
    const entry = buildAuditEntry({ kind: 'artist', document: 'artists/amara', before: { name: 'Amara' }, after: null }, { at, actor, via: 'importProgramme', batchId: 'b1' });
    expect(entry).toMatchObject({ action: 'deleted', label: 'Amara', after: null, batchId: 'b1' });
  });

  it('takes the label it is given (a set is named by its artist)', () => {
    expect(buildAuditEntry({ kind: 'performance', document: 'performances/p1', before: null, after: { artistId: 'amara' }, label: 'Amara' }, { at, actor, via: 'console' })?.label).toBe('Amara');
  });

  it('records nothing for a save that changed nothing', () => {
    expect(buildAuditEntry({ kind: 'stage', document: 'stages/main', before: { name: 'Main' }, after: { name: 'Main' } }, { at, actor, via: 'console' })).toBeNull();
  });
});

describe('ids and actors', () => {
  it('makes a console entry id from an event id, as a valid document id', () => {
    expect(consoleEntryId('a1/b:2')).toBe('console-a1_b_2');
  });

  it('makes batch ids that sort by time and differ by their random part', () => {
    const first = callableBatchId('importProgramme', at, () => 0.1);
    expect(first).toMatch(/^importProgramme-20260814200000000-[0-9a-z]{6}$/);
    expect(callableBatchId('importProgramme', at, () => 0.2)).not.toBe(first);
  });

  it('names an actor by their staff document before their account', () => {
    expect(actorOf('ada', { email: 'ada@fest.example', name: 'Ada L' }, { email: 'ada@home.example', displayName: 'A' })).toEqual({ uid: 'ada', email: 'ada@fest.example', name: 'Ada L' });
    expect(actorOf('pim', undefined, { email: 'pim@example.org' })).toEqual({ uid: 'pim', email: 'pim@example.org', name: null });
    expect(actorOf('bo', undefined, null)).toEqual({ uid: 'bo', email: null, name: null });
  });
});
