import { describe, expect, it } from 'vitest';
import { makeDomainEvent, parseDomainEvent, topicOf } from './domain-events.js';

const at = new Date('2026-08-14T20:00:00Z');

describe('domain events', () => {
  it('round-trip through JSON as the subscriber reads them', () => {
    const event = makeDomainEvent('favorite.changed', 'e1', { uid: 'u1', festivalId: 'encore-2026', performanceId: 'p1', change: 'added' }, at);
    const wire = JSON.parse(JSON.stringify(event)) as unknown;
    expect(parseDomainEvent('favorite.changed', wire)).toEqual(event);
    expect(event.occurredAt).toBe('2026-08-14T20:00:00.000Z');
    expect(topicOf('favorite.changed')).toBe('favorite-changed');
  });

  it('refuse an unknown version, a different type and a bad payload', () => {
    const event = makeDomainEvent('report.filed', 'e2', { festivalId: 'encore-2026', reportId: 'r1', photoId: 'ph1', reporterUid: 'u1', reason: 'spam' }, at);
    expect(() => parseDomainEvent('report.filed', { ...event, version: 2 })).toThrow();
    expect(() => parseDomainEvent('favorite.changed', event)).toThrow('Expected a "favorite.changed" event, got "report.filed"');
    expect(() => parseDomainEvent('report.filed', { ...event, data: { ...event.data, reason: 'boring' } })).toThrow();
    expect(() => makeDomainEvent('favorite.changed', 'e3', { uid: '', festivalId: 'encore-2026', performanceId: 'p', change: 'added' }, at)).toThrow();
  });

  it('carry a photo change with absent sides as null', () => {
    const data = { festivalId: 'encore-2026', photoId: 'ph1', uploaderUid: 'u1', originalPath: 'uploads/u1/encore-2026/ph1', before: { status: 'ready' as const, performanceId: null }, after: null };
    expect(parseDomainEvent('photo.changed', JSON.parse(JSON.stringify(makeDomainEvent('photo.changed', 'e4', data, at))) as unknown).data).toEqual(data);
    expect(() => makeDomainEvent('photo.changed', 'e5', { ...data, after: { status: 'gone' as never, performanceId: null } }, at)).toThrow();
  });
});
