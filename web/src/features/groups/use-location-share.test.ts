import type { MemberLocation } from '@encore/model';
import { describe, expect, it } from 'vitest';
import { ownShareOf } from './use-location-share';

const at = (minute: number) => new Date(Date.UTC(2026, 7, 15, 19, minute));
const position = { lat: 52.35, lng: 5.01, accuracy: 12, visibleTo: [] };
const started: MemberLocation = { ...position, sharedAt: at(0), startedAt: at(0), minutes: 15 };

describe('ownShareOf: how one\'s own share stands by the server\'s clock', () => {
  it('is starting while the first write is pending, and while the server has started it but its end is not written', () => {
    expect(ownShareOf(started, true, at(1))).toEqual({ state: 'starting' });
    expect(ownShareOf(started, false, at(1))).toEqual({ state: 'starting' });
  });

  it('runs until the end the server-derived expiresAt says, then is over', () => {
    const ended = { ...started, expiresAt: at(15) };
    expect(ownShareOf(ended, false, at(14))).toEqual({ state: 'running', until: at(15), accuracy: 12 });
    expect(ownShareOf(ended, false, at(15))).toEqual({ state: 'none' });
  });

  it('is over when an unfinished share is past startedAt + minutes, or when there is no document', () => {
    expect(ownShareOf(started, false, at(16))).toEqual({ state: 'none' });
    expect(ownShareOf(null, false, at(0))).toEqual({ state: 'none' });
  });
});
