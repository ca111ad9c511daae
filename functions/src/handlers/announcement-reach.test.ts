import { describe, expect, it } from 'vitest';
import { firestorePaths } from '@encore/model';
import { FESTIVAL_ID, NOW, testDeps } from '../testing/deps.js';
import { handleAnnouncementReach } from './announcement-reach.js';

const smsSignIn = { sign_in_provider: 'password', sign_in_second_factor: 'phone' };
/** The festival's programme staff (`festivals/{f}/staff/boss`, seeded in each test). */
const staff = { uid: 'boss', token: { firebase: smsSignIn } };
const staffWithoutFactor = { uid: 'boss', token: { firebase: { sign_in_provider: 'password' } } };
const moderator = { uid: 'mo', token: { firebase: smsSignIn } };

describe('announcementReach', () => {
  it('counts the devices registered for the festival’s pushes, for its programme staff with a second factor only', async () => {
    const deps = testDeps();
    deps.docs.seed(firestorePaths.festivalStaffMember(FESTIVAL_ID, 'boss'), { role: 'programme', addedAt: NOW, addedBy: null });
    deps.docs.seed(firestorePaths.festivalStaffMember(FESTIVAL_ID, 'mo'), { role: 'moderator', addedAt: NOW, addedBy: null });
    const device = (uid: string, deviceId: string, festivalId = FESTIVAL_ID) =>
      deps.docs.seed(firestorePaths.device(uid, deviceId), { token: `t-${deviceId}`, festivalId, locale: 'en', userAgent: 'Firefox', createdAt: NOW, updatedAt: NOW });
    device('ann', 'phone-0001');
    device('ann', 'laptop-0002');
    device('bo', 'phone-0003');
    device('cy', 'phone-0004', 'encore-2027');
    expect(await handleAnnouncementReach(deps, staff, { festivalId: FESTIVAL_ID })).toEqual({ devices: 3 });
    await expect(handleAnnouncementReach(deps, staffWithoutFactor, { festivalId: FESTIVAL_ID })).rejects.toMatchObject({ code: 'permission-denied', reason: 'second-factor-needed' });
    await expect(handleAnnouncementReach(deps, { uid: 'v', token: {} }, { festivalId: FESTIVAL_ID })).rejects.toMatchObject({ code: 'permission-denied' });
    // Moderators do not announce; programme staff of one festival count no other's devices.
    await expect(handleAnnouncementReach(deps, moderator, { festivalId: FESTIVAL_ID })).rejects.toMatchObject({ code: 'permission-denied', message: 'Only this festival’s programme staff and admins can do this.' });
    await expect(handleAnnouncementReach(deps, staff, { festivalId: 'encore-2027' })).rejects.toMatchObject({ code: 'permission-denied' });
    await expect(handleAnnouncementReach(deps, staff, { festivalId: '../x' })).rejects.toMatchObject({ code: 'invalid-argument' });
  });
});
