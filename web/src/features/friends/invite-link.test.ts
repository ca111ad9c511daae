import { describe, expect, it } from 'vitest';
import { inviteIdFromHash, inviteLink } from './invite-link';

describe('invite links', () => {
  it('puts the id in the fragment and reads it back; anything else is no invite', () => {
    const link = inviteLink('https://encore.example', 'AbCdEfGhIjKlMnOpQrStUv');
    expect(link).toBe('https://encore.example/friends/accept#AbCdEfGhIjKlMnOpQrStUv');
    expect(inviteIdFromHash(new URL(link).hash)).toBe('AbCdEfGhIjKlMnOpQrStUv');
    expect(inviteIdFromHash('#short')).toBeNull();
    expect(inviteIdFromHash('')).toBeNull();
  });
});
