/**
 * Firebase's SDKs look for `__FIREBASE_DEFAULTS__` (an app config and emulator hosts, which
 * firebase-tools' framework hosting injects) on `globalThis`, and failing that in a cookie,
 * each time they start: Auth's module as it is evaluated, Firestore and Auth again as they are
 * got. This app passes its config and emulator hosts itself (config/firebase-config.ts), so it
 * says there are none: otherwise each of those reads `document.cookie`, a synchronous round
 * trip to the browser process, which took up to 12 ms of the first visit's Auth task here.
 * Imported by main.tsx, before any SDK is evaluated.
 */
const scope = globalThis as { __FIREBASE_DEFAULTS__?: object };
scope.__FIREBASE_DEFAULTS__ ??= {};

export {};
