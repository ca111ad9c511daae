import { vi } from 'vitest';

/**
 * Handlers log one structured line per step; in unit tests those lines are noise, so the
 * logger is replaced by spies (tests may assert on them through `vi.mocked`).
 */
vi.mock('firebase-functions/logger', () => ({
  debug: vi.fn(),
  log: vi.fn(),
  info: vi.fn(),
  warn: vi.fn(),
  error: vi.fn(),
  write: vi.fn(),
}));
