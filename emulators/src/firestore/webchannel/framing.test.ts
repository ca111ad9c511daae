import { describe, expect, it } from 'vitest';
import { encodeArray, frame, frameArrays, frameForwardAck } from './framing.js';

describe('framing', () => {
  it('counts UTF-16 code units, not bytes', () => {
    const payload = JSON.stringify([[1, [{ name: 'é😀' }]]]);
    const chunk = frame(payload);
    const length = Number(chunk.slice(0, chunk.indexOf('\n')));
    expect(length).toBe(payload.length);
    expect(length).toBeLessThan(Buffer.byteLength(payload));
  });

  it('joins several arrays in one chunk', () => {
    expect(frameArrays([encodeArray(1, ['noop']), encodeArray(2, [{ a: 1 }])])).toBe('28\n[[1,["noop"]],[2,[{"a":1}]]]');
  });

  it('answers a forward POST with exactly three numbers', () => {
    expect(frameForwardAck(true, 4, 0)).toBe('7\n[1,4,0]');
    expect(frameForwardAck(false, 0, 12)).toBe('8\n[0,0,12]');
  });
});
