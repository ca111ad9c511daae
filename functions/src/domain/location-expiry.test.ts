import { describe, expect, it } from 'vitest';
import { isExpired } from './groups.js';

const at = (minute: number) => new Date(Date.UTC(2026, 7, 15, 19, minute));

describe('isExpired (live locations)', () => {
  it('a share with its end written expires at expiresAt', () => {
    const share = { startedAt: at(0), minutes: 15 as const, expiresAt: at(15) };
    expect(isExpired(share, at(14))).toBe(false);
    expect(isExpired(share, at(15))).toBe(true);
  });

  it('a share whose end was never written expires startedAt + minutes by the server (as the rules stop taking it)', () => {
    const share = { startedAt: at(0), minutes: 30 as const };
    expect(isExpired(share, at(29))).toBe(false);
    expect(isExpired(share, at(30))).toBe(true);
  });

  it('a share made before issue 37 (expiresAt only) expires at expiresAt; one with no end at all may go', () => {
    expect(isExpired({ expiresAt: at(10) }, at(9))).toBe(false);
    expect(isExpired({}, at(0))).toBe(true);
  });
});
