import { describe, expect, it } from 'vitest';
import { deviceStorageKey, registeredDevice, registeredDevices } from './device-registration';

const device = (deviceId: string) => ({ deviceId, uid: 'u1', token: `token-${deviceId}`, locale: 'en', refreshedAt: 1 });

function storageWith(entries: Record<string, string>): Storage {
  const map = new Map(Object.entries(entries));
  return {
    get length() {
      return map.size;
    },
    key: (index: number) => [...map.keys()][index] ?? null,
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
    clear: () => map.clear(),
  };
}

describe('the device registrations, one per festival', () => {
  it("keeps the build's festival under the key it always had, and every other festival under its own", () => {
    expect(deviceStorageKey('encore-2026', 'encore-2026')).toBe('encore.push.device');
    expect(deviceStorageKey('zomer-2027', 'encore-2026')).toBe('encore.push.device.zomer-2027');
  });

  it("reads the shown festival's registration, and lists every festival's", () => {
    const storage = storageWith({
      'encore.push.device': JSON.stringify(device('AAAAAAAAAAAAAAAAAAAA')),
      'encore.push.device.zomer-2027': JSON.stringify(device('BBBBBBBBBBBBBBBBBBBB')),
      'encore.push.device.broken': '{not json',
      'encore.theme': 'dark',
    });
    expect(registeredDevice(storage, 'zomer-2027')?.deviceId).toBe('BBBBBBBBBBBBBBBBBBBB');
    expect(registeredDevice(storage, 'other-2028')).toBeNull();
    expect(registeredDevices(storage).map((found) => [found.key, found.device.deviceId])).toEqual([
      ['encore.push.device', 'AAAAAAAAAAAAAAAAAAAA'],
      ['encore.push.device.zomer-2027', 'BBBBBBBBBBBBBBBBBBBB'],
    ]);
    expect(registeredDevices(null)).toEqual([]);
  });
});
