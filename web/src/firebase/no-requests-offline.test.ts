import { describe, expect, it, vi } from 'vitest';
import { withoutAuthRequestsOffline, withoutFirestoreBeaconsOffline } from './no-requests-offline';

describe('withoutFirestoreBeaconsOffline', () => {
  const terminate = 'http://127.0.0.1:8080/google.firestore.v1.Firestore/Listen/channel?VER=8&SID=abc&RID=7&TYPE=terminate';
  it('drops Firestore channel beacons while offline, as if sent, and lets every other beacon through', () => {
    const sent: string[] = [];
    const original = navigator.sendBeacon;
    navigator.sendBeacon = (url) => {
      sent.push(String(url));
      return true;
    };
    let online = false;
    vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
    try {
      withoutFirestoreBeaconsOffline();
      expect(navigator.sendBeacon(terminate)).toBe(true);
      expect(navigator.sendBeacon('https://example.test/stats')).toBe(true);
      online = true;
      navigator.sendBeacon(terminate);
      expect(sent).toEqual(['https://example.test/stats', terminate]);
    } finally {
      navigator.sendBeacon = original;
      vi.restoreAllMocks();
    }
  });
});

describe('withoutAuthRequestsOffline', () => {
  it('fails Auth API requests at once while offline, as a missing network does, and sends everything else', async () => {
    const sent: string[] = [];
    const original = window.fetch;
    window.fetch = (input) => {
      sent.push(String(input));
      return Promise.resolve(new Response('{}'));
    };
    let online = false;
    vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
    try {
      withoutAuthRequestsOffline();
      const lookup = 'http://127.0.0.1:9099/identitytoolkit.googleapis.com/v1/accounts:lookup?key=k';
      await expect(window.fetch(lookup, { method: 'POST' })).rejects.toBeInstanceOf(TypeError);
      await expect(window.fetch('https://securetoken.googleapis.com/v1/token?key=k')).rejects.toBeInstanceOf(TypeError);
      await window.fetch('/bundles/encore-2026/programme.bundle');
      online = true;
      await window.fetch(lookup);
      expect(sent).toEqual(['/bundles/encore-2026/programme.bundle', lookup]);
    } finally {
      window.fetch = original;
      vi.restoreAllMocks();
    }
  });
});
