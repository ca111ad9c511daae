import { describe, expect, it } from 'vitest';
import { announcementSchema } from '../schemas/announcement.js';
import { allClearTexts, announcementText, isAllClear, isLiveUrgent, wasEverUrgent } from './announcement-text.js';

const at = new Date('2026-08-14T18:00:00Z');

describe('announcement texts', () => {
  it('are read in the reader’s language, falling back field by field to the other', () => {
    const both = { title: 'Storm', body: 'Take shelter.', titleNl: 'Storm', bodyNl: 'Zoek beschutting.' };
    expect(announcementText(both, 'nl')).toEqual({ title: 'Storm', body: 'Zoek beschutting.' });
    expect(announcementText(both, 'en')).toEqual({ title: 'Storm', body: 'Take shelter.' });
    expect(announcementText({ title: '', body: '', titleNl: 'Onweer', bodyNl: 'Schuilen.' }, 'en')).toEqual({ title: 'Onweer', body: 'Schuilen.' });
    expect(announcementText({ title: 'Storm', body: 'Take shelter.' }, 'nl')).toEqual({ title: 'Storm', body: 'Take shelter.' });
    expect(announcementText({ title: 'Storm', body: '', titleNl: '', bodyNl: 'Schuilen.' }, 'en')).toEqual({ title: 'Storm', body: 'Schuilen.' });
  });

  it('need a title and a message in at least one language', () => {
    expect(announcementSchema.safeParse({ title: '', body: 'x', createdAt: at }).success).toBe(false);
    expect(announcementSchema.safeParse({ title: 'x', body: '  ', bodyNl: '', createdAt: at }).success).toBe(false);
    expect(announcementSchema.safeParse({ title: '', titleNl: 'Onweer', body: '', bodyNl: 'Schuilen.', createdAt: at }).success).toBe(true);
  });

  it('are live urgent only while urgent and not withdrawn', () => {
    expect(isLiveUrgent({ priority: 'urgent' })).toBe(true);
    expect(isLiveUrgent({ priority: 'urgent', status: 'withdrawn' })).toBe(false);
    expect(isLiveUrgent({ priority: 'normal' })).toBe(false);
    expect(isLiveUrgent(undefined)).toBe(false);
  });

  it('make an all clear in both languages that names what it follows', () => {
    const texts = allClearTexts({ title: 'Storm', body: 'Take shelter.', titleNl: 'Onweer', bodyNl: 'Schuilen.' });
    expect(texts.title).toBe('All clear: Storm');
    expect(texts.titleNl).toBe('Alles veilig: Onweer');
    expect(texts.bodyNl.length).toBeGreaterThan(0);
  });

  it('offer an all clear for whatever was urgent once (lowered, withdrawn, or older documents that were pushed), never for an all clear', () => {
    expect(wasEverUrgent({ priority: 'normal', urgentAt: at })).toBe(true);
    expect(wasEverUrgent({ priority: 'urgent' })).toBe(true);
    expect(wasEverUrgent({ priority: 'normal', pushedDevices: 3 })).toBe(true);
    expect(wasEverUrgent({ priority: 'normal' })).toBe(false);
    expect(wasEverUrgent({ priority: 'urgent', urgentAt: at, followUpOf: 'a1' })).toBe(false);
    expect(isAllClear({ followUpOf: 'a1' })).toBe(true);
    expect(isAllClear({})).toBe(false);
  });
});
