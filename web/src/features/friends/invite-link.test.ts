import { describe, expect, it } from 'vitest';
import { inviteIdFromHash, inviteLink, newInviteId } from './invite-link';

describe('invite links', () => {
  it('makes 22-character base64url ids from 16 random bytes, different each time', () => {
    const id = newInviteId();
    expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(newInviteId()).not.toBe(id);
    expect(newInviteId((bytes) => bytes.fill(255))).toBe('_____________________w');
  });

  it('puts the id in the fragment and reads it back; anything else is no invite', () => {
    const link = inviteLink('https://encore.example', 'AbCdEfGhIjKlMnOpQrStUv');
    expect(link).toBe('https://encore.example/friends/accept#AbCdEfGhIjKlMnOpQrStUv');
    expect(inviteIdFromHash(new URL(link).hash)).toBe('AbCdEfGhIjKlMnOpQrStUv');
    expect(inviteIdFromHash('#short')).toBeNull();
    expect(inviteIdFromHash('')).toBeNull();
  });
});
