import { describe, expect, it } from 'vitest';
import { firestorePaths } from '@encore/model';
import { FESTIVAL_ID, NOW, testDeps } from '../testing/deps.js';
import { handleAnnouncementReach } from './announcement-reach.js';

const smsSignIn = { sign_in_provider: 'password', sign_in_second_factor: 'phone' };
const staff = { uid: 'boss', token: { role: 'staff', firebase: smsSignIn } };
const staffWithoutFactor = { uid: 'boss', token: { role: 'staff', firebase: { sign_in_provider: 'password' } } };

describe('announcementReach', () => {
  it('counts the devices registered for the festival’s pushes, for staff with a second factor only', async () => {
    const deps = testDeps();
    const device = (uid: string, deviceId: string, festivalId = FESTIVAL_ID) =>
      deps.docs.seed(firestorePaths.device(uid, deviceId), { token: `t-${deviceId}`, festivalId, locale: 'en', userAgent: 'Firefox', createdAt: NOW, updatedAt: NOW });
    device('ann', 'phone-0001');
    device('ann', 'laptop-0002');
    device('bo', 'phone-0003');
    device('cy', 'phone-0004', 'encore-2027');
    expect(await handleAnnouncementReach(deps, staff, { festivalId: FESTIVAL_ID })).toEqual({ devices: 3 });
    await expect(handleAnnouncementReach(deps, staffWithoutFactor, { festivalId: FESTIVAL_ID })).rejects.toMatchObject({ code: 'permission-denied', reason: 'second-factor-needed' });
    await expect(handleAnnouncementReach(deps, { uid: 'v', token: {} }, { festivalId: FESTIVAL_ID })).rejects.toMatchObject({ code: 'permission-denied' });
    await expect(handleAnnouncementReach(deps, staff, { festivalId: '../x' })).rejects.toMatchObject({ code: 'invalid-argument' });
  });
});
