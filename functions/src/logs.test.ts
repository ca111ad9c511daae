/**
 * The streams' routine lines are written only where asked for (`ENCORE_DEBUG_LOGS=true`), since
 * Cloud Logging bills every line it ingests; the rest are always written.
 */
import * as logger from 'firebase-functions/logger';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { logs } from './logs.js';

vi.mock('firebase-functions/logger', () => ({ debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() }));

afterEach(() => {
  vi.unstubAllEnvs();
  vi.clearAllMocks();
});

describe('logs', () => {
  it("leaves out the streams' routine lines unless ENCORE_DEBUG_LOGS is true", () => {
    vi.stubEnv('ENCORE_DEBUG_LOGS', '');
    logs.eventPublished({ type: 'favorite.changed', eventId: 'e-1' });
    logs.favoriteCounted({ festivalId: 'f', performanceId: 'p', change: 'added', eventId: 'e-1' });
    logs.reactionCounted({ festivalId: 'f', photoId: 'x', change: 'added', eventId: 'e-2' });
    expect(logger.debug).not.toHaveBeenCalled();
  });

  it('writes them as DEBUG entries named by their event when ENCORE_DEBUG_LOGS is true', () => {
    vi.stubEnv('ENCORE_DEBUG_LOGS', 'true');
    logs.eventPublished({ type: 'favorite.changed', eventId: 'e-1' });
    expect(logger.debug).toHaveBeenCalledWith('event-published', { event: 'event-published', type: 'favorite.changed', eventId: 'e-1' });
  });

  it('always writes what happens once in a while and what goes wrong', () => {
    vi.stubEnv('ENCORE_DEBUG_LOGS', '');
    logs.liveSetsPublished({ festivalId: 'f', recounted: 3, sets: 35 });
    logs.eventPoisoned({ function: 'countFavorite', eventId: 'e-3', why: 'not-json', detail: 'x' });
    expect(logger.info).toHaveBeenCalledWith('live-sets-published', { event: 'live-sets-published', festivalId: 'f', recounted: 3, sets: 35 });
    expect(logger.warn).toHaveBeenCalledWith('event-poisoned', expect.objectContaining({ event: 'event-poisoned', why: 'not-json' }));
  });
});
