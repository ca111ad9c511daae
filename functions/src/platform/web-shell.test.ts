import { describe, expect, it } from 'vitest';
import { webShellOrigin } from './web-shell.js';

const APP = 'https://encore.example';

describe('webShellOrigin', () => {
  it("is the app's public address in production, whatever a request says it was forwarded for", () => {
    expect(webShellOrigin(APP, { forwardedHost: 'evil.example', forwardedProto: 'https' }, false)).toBe(APP);
    expect(webShellOrigin(APP, { forwardedHost: '127.0.0.1:4173', forwardedProto: 'http' }, false)).toBe(APP);
  });

  it('is the local server that forwarded the request on the emulators, and only a local one', () => {
    expect(webShellOrigin(APP, { forwardedHost: '127.0.0.1:41234', forwardedProto: 'http' }, true)).toBe('http://127.0.0.1:41234');
    expect(webShellOrigin(APP, { forwardedHost: 'localhost:4173', forwardedProto: undefined }, true)).toBe('http://localhost:4173');
    expect(webShellOrigin(APP, { forwardedHost: 'metadata.google.internal', forwardedProto: 'http' }, true)).toBe(APP);
    expect(webShellOrigin(APP, { forwardedHost: undefined, forwardedProto: undefined }, true)).toBe(APP);
  });
});
