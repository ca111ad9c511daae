/**
 * The Cache Storage cache of the device's programme bundle copies (bundle-copy.ts), one entry
 * per festival under the bundle's own path; the service worker answers the bundle's URL from
 * it while the device is offline (src/sw.ts). A module of its own so the worker's bundle takes
 * in this name only.
 */
export const BUNDLE_COPIES_CACHE = 'encore-programme-bundles';
