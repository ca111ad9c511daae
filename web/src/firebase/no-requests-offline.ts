/**
 * Requests the Firebase SDKs would send while the browser says it is offline, which cannot
 * succeed and which the browser would report in the console as failed ("Failed to load
 * resource: net::ERR_INTERNET_DISCONNECTED"), answered on the page instead, as the network
 * would have: installed once, with the Firebase app (app.ts), before any SDK starts.
 * Online, every request goes out untouched. Firestore's streams are paused offline
 * altogether (network-follows-browser.ts); these are the two that pausing does not cover.
 */
export function noFirebaseRequestsOffline(): void {
  withoutFirestoreBeaconsOffline();
  withoutAuthRequestsOffline();
}

/** Firestore's WebChannel requests (`…/google.firestore.v1.Firestore/Listen/channel?…`, `…/Write/channel?…`). */
const FIRESTORE_CHANNEL = /\/google\.firestore\.v1\.Firestore\/\w+\/channel\?/;
let beaconsGuarded = false;

/**
 * `navigator.sendBeacon` drops Firestore's channel beacons while the browser is offline, as
 * if sent: a beacon is never retried, so one sent with no network is lost anyway, and the
 * browser would report it as a failed request in the console. Reporting it as not sent would
 * make WebChannel try again with an image request, which fails the same way. Any other beacon,
 * and every beacon online, goes out as before.
 */
export function withoutFirestoreBeaconsOffline(): void {
  if (beaconsGuarded || typeof navigator.sendBeacon !== 'function') return;
  beaconsGuarded = true;
  const send = navigator.sendBeacon.bind(navigator);
  navigator.sendBeacon = (url, data) => (!navigator.onLine && FIRESTORE_CHANNEL.test(String(url)) ? true : send(url, data));
}

/** The Auth REST APIs (`identitytoolkit.googleapis.com/…`, `securetoken.googleapis.com/…`), also as paths on the Auth emulator. */
const AUTH_API = /(^|\/\/|\/)(identitytoolkit|securetoken)\.googleapis\.com\//;
let authGuarded = false;

/**
 * `fetch` fails at once, as with no network, for the Auth APIs while the browser is offline.
 * The Auth SDK checks a signed-in user with the server each time the app starts
 * (`accounts:lookup`); offline that request cannot succeed, and the SDK keeps the user when
 * it fails for the network (`auth/network-request-failed`, which a `TypeError` from `fetch`
 * is), so failing it here changes nothing but the console.
 */
export function withoutAuthRequestsOffline(): void {
  if (authGuarded || typeof window.fetch !== 'function') return;
  authGuarded = true;
  const send = window.fetch.bind(window);
  window.fetch = (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    return !navigator.onLine && AUTH_API.test(url) ? Promise.reject(new TypeError('Failed to fetch (offline)')) : send(input, init);
  };
}
