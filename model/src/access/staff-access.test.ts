import { describe, expect, it } from 'vitest';
import { staffAccess } from './staff-access.js';

describe('staffAccess', () => {
  it('grants staff and admins who signed in with an SMS code or an authenticator app', () => {
    expect(staffAccess({ role: 'staff', secondFactor: 'phone' })).toBe('granted');
    expect(staffAccess({ role: 'admin', secondFactor: 'totp' })).toBe('granted');
  });

  it('asks staff and admins signed in with a password alone for a second factor', () => {
    expect(staffAccess({ role: 'staff', secondFactor: undefined })).toBe('second-factor-needed');
    expect(staffAccess({ role: 'admin', secondFactor: null })).toBe('second-factor-needed');
    expect(staffAccess({ role: 'staff', secondFactor: '' })).toBe('second-factor-needed');
  });

  it('refuses everyone without the role, whatever factor they used', () => {
    expect(staffAccess({ role: undefined, secondFactor: 'phone' })).toBe('not-staff');
    expect(staffAccess({ role: 'Staff', secondFactor: 'phone' })).toBe('not-staff');
    expect(staffAccess({ role: ['staff'], secondFactor: 'phone' })).toBe('not-staff');
  });
});
