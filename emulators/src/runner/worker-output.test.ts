import { describe, expect, it } from 'vitest';
import { decodeLine, encodeEnvelope } from './worker-output.js';

describe('worker output envelopes', () => {
  it('carry one write, newlines included, with the call that made it', () => {
    const text = 'Error: boom\n    at handler (index.js:1)';
    const line = encodeEnvelope(text, { function: 'nightly', executionId: 'e-1' });
    expect(line).not.toContain('\n');
    expect(decodeLine('stderr', line)).toEqual({ stream: 'stderr', text, function: 'nightly', executionId: 'e-1' });
  });

  it('carry output made outside any call without a function', () => {
    expect(decodeLine('stdout', encodeEnvelope('loaded', undefined))).toEqual({ stream: 'stdout', text: 'loaded' });
  });

  it('leave untagged bytes (a native crash report) as written', () => {
    expect(decodeLine('stderr', 'FATAL ERROR: heap out of memory')).toEqual({ stream: 'stderr', text: 'FATAL ERROR: heap out of memory' });
    expect(decodeLine('stdout', '\x1enot json')).toEqual({ stream: 'stdout', text: '\x1enot json' });
  });
});
