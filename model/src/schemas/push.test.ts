import { describe, expect, it } from 'vitest';
import { localDeliverySchema, pushPayloadSchema, pushReceiptSchema } from './push.js';
import { deviceIdSchema, deviceSchema, noticeSchema, userPreferencesSchema } from './user.js';

const at = new Date('2026-08-15T19:30:00Z');
const device = { token: 'local:7f1c2b9e4a5d4c3b8e6f1a2b3c4d5e6f', festivalId: 'encore-2026', locale: 'nl', userAgent: 'Chrome on Android', createdAt: at, updatedAt: at };
const payload = { kind: 'announcement', title: 'Urgent: EVACUATE', body: 'Leave by the north gate.', link: '/inbox', tag: 'announcement-a1' };

describe('push and device documents', () => {
  it('accept a device with its token, festival, language and a short user-agent summary, and nothing else', () => {
    expect(deviceSchema.safeParse(device).success).toBe(true);
    expect(deviceSchema.safeParse({ ...device, locale: 'fr' }).success).toBe(false);
    expect(deviceSchema.safeParse({ ...device, token: '' }).success).toBe(false);
    expect(deviceSchema.safeParse({ ...device, userAgent: 'Mozilla/5.0 '.repeat(20) }).success).toBe(false);
    expect(deviceSchema.safeParse({ ...device, uid: 'someone-else' }).success).toBe(false);
  });

  it('take device ids the app makes (random, URL-safe) and refuse paths', () => {
    expect(deviceIdSchema.safeParse('Zx3_k9-Qm2LpW8aa').success).toBe(true);
    expect(deviceIdSchema.safeParse('short').success).toBe(false);
    expect(deviceIdSchema.safeParse('a/b/c/d/e/f/g/h').success).toBe(false);
  });

  it('only let a push link stay inside the app', () => {
    expect(pushPayloadSchema.safeParse(payload).success).toBe(true);
    expect(pushPayloadSchema.safeParse({ ...payload, link: '/performances/p1' }).success).toBe(true);
    for (const link of ['https://evil.example/', '//evil.example/x', '/\\evil.example', 'inbox']) {
      expect(pushPayloadSchema.safeParse({ ...payload, link }).success, link).toBe(false);
    }
  });

  it('record a local delivery with the token it went to, and a receipt per subject and device', () => {
    expect(localDeliverySchema.safeParse({ ...payload, token: device.token, sentAt: at }).success).toBe(true);
    expect(localDeliverySchema.safeParse({ ...payload, sentAt: at }).success).toBe(false);
    expect(pushReceiptSchema.safeParse({ key: 'announcement|encore-2026|a1', uid: 'u1', deviceId: 'd1', claimedAt: at, expiresAt: at }).success).toBe(true);
  });
});

describe('what the person has seen, and notices as data', () => {
  it('keep the newest announcement seen in the preferences', () => {
    expect(userPreferencesSchema.safeParse({ locale: 'en', newsSeenAt: at, updatedAt: at }).success).toBe(true);
    expect(userPreferencesSchema.safeParse({ locale: 'en', newsSeenAt: '2026-08-15', updatedAt: at }).success).toBe(false);
  });

  it('carry a notice’s parameters beside its text, in the festival’s zone', () => {
    const notice = { kind: 'moved', festivalId: 'encore-2026', performanceId: 'p1', text: 'Nina moved.', createdAt: at, readAt: null };
    expect(noticeSchema.safeParse({ ...notice, params: { artist: 'Nina', stage: 'Main Stage', startsAt: at, timeZone: 'Europe/Amsterdam' } }).success).toBe(true);
    expect(noticeSchema.safeParse(notice).success).toBe(true);
    expect(noticeSchema.safeParse({ ...notice, params: { timeZone: 'Mars/Olympus' } }).success).toBe(false);
    expect(noticeSchema.safeParse({ ...notice, params: { colour: 'red' } }).success).toBe(false);
  });
});
