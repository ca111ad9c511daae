import { describe, expect, it } from 'vitest';
import { festivalAccess, projectAdminAccess, rolesWith } from './staff-access.js';

describe('projectAdminAccess', () => {
  it("grants the project's admins who signed in with an SMS code or an authenticator app", () => {
    expect(projectAdminAccess({ role: 'admin', secondFactor: 'phone' })).toBe('granted');
    expect(projectAdminAccess({ role: 'admin', secondFactor: 'totp' })).toBe('granted');
  });

  it('asks an admin signed in with a password alone for a second factor', () => {
    expect(projectAdminAccess({ role: 'admin', secondFactor: undefined })).toBe('second-factor-needed');
    expect(projectAdminAccess({ role: 'admin', secondFactor: '' })).toBe('second-factor-needed');
  });

  it('refuses the retired global staff claim and anything that is not the admin claim', () => {
    expect(projectAdminAccess({ role: 'staff', secondFactor: 'phone' })).toBe('not-staff');
    expect(projectAdminAccess({ role: 'Admin', secondFactor: 'phone' })).toBe('not-staff');
    expect(projectAdminAccess({ role: ['admin'], secondFactor: 'phone' })).toBe('not-staff');
  });
});

describe('festivalAccess', () => {
  const signedIn = { role: undefined, secondFactor: 'phone' };

  it('gives each festival role its capabilities and no other', () => {
    expect(festivalAccess({ ...signedIn, festivalRole: 'admin' }, 'manage')).toBe('granted');
    expect(festivalAccess({ ...signedIn, festivalRole: 'programme' }, 'programme')).toBe('granted');
    expect(festivalAccess({ ...signedIn, festivalRole: 'programme' }, 'announce')).toBe('granted');
    expect(festivalAccess({ ...signedIn, festivalRole: 'programme' }, 'moderate')).toBe('not-staff');
    expect(festivalAccess({ ...signedIn, festivalRole: 'programme' }, 'manage')).toBe('not-staff');
    expect(festivalAccess({ ...signedIn, festivalRole: 'moderator' }, 'moderate')).toBe('granted');
    expect(festivalAccess({ ...signedIn, festivalRole: 'moderator' }, 'programme')).toBe('not-staff');
    expect(festivalAccess({ ...signedIn, festivalRole: 'moderator' }, 'figures')).toBe('granted');
  });

  it('gives the project admin every capability on every festival, with a second factor', () => {
    expect(festivalAccess({ role: 'admin', secondFactor: 'phone', festivalRole: undefined }, 'manage')).toBe('granted');
    expect(festivalAccess({ role: 'admin', secondFactor: null, festivalRole: 'admin' }, 'programme')).toBe('second-factor-needed');
  });

  it('asks a festival role without a second factor for one, and refuses people without a role', () => {
    expect(festivalAccess({ role: undefined, secondFactor: undefined, festivalRole: 'moderator' }, 'moderate')).toBe('second-factor-needed');
    expect(festivalAccess({ ...signedIn, festivalRole: undefined }, 'figures')).toBe('not-staff');
    expect(festivalAccess({ ...signedIn, festivalRole: 'owner' }, 'figures')).toBe('not-staff');
    expect(festivalAccess({ role: 'staff', secondFactor: 'phone', festivalRole: undefined }, 'programme')).toBe('not-staff');
  });

  it('lists the roles holding a capability, as firestore.rules writes them', () => {
    expect(rolesWith('programme')).toEqual(['admin', 'programme']);
    expect(rolesWith('moderate')).toEqual(['admin', 'moderator']);
    expect(rolesWith('figures')).toEqual(['admin', 'programme', 'moderator']);
    expect(rolesWith('manage')).toEqual(['admin']);
  });
});
