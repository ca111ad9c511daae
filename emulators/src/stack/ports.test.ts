import { describe, expect, it } from 'vitest';
import { DEFAULT_PORTS, parsePortSetting, resolvePorts } from './ports.js';

describe('ENCORE_PORTS', () => {
  it('keeps the fixed ports when unset', async () => {
    expect(await resolvePorts(DEFAULT_PORTS, parsePortSetting(undefined))).toEqual(DEFAULT_PORTS);
    expect(parsePortSetting('  ')).toEqual({ kind: 'fixed' });
  });

  it('moves every port by +N', async () => {
    const ports = await resolvePorts(DEFAULT_PORTS, parsePortSetting('+1000'));
    expect(ports).toEqual({ auth: 10_099, firestore: 9080, storage: 10_199, pubsub: 9085, functions: 6001, web: 6173 });
  });

  it('gives every service a different free port', async () => {
    const ports = Object.values(await resolvePorts(DEFAULT_PORTS, parsePortSetting('free')));
    expect(new Set(ports).size).toBe(ports.length);
    expect(ports.every((port) => port > 0 && !Object.values(DEFAULT_PORTS).includes(port))).toBe(true);
  });

  it('says what it accepts when the value is anything else', async () => {
    expect(() => parsePortSetting('8080')).toThrow(/use "free" .* or "\+N"/);
    expect(() => parsePortSetting('-5')).toThrow(/ENCORE_PORTS="-5" is not understood/);
    await expect(resolvePorts(DEFAULT_PORTS, parsePortSetting('+60000'))).rejects.toThrow(/past the last port/);
  });
});
