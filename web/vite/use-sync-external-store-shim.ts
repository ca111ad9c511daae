/**
 * Stands in for `use-sync-external-store/shim` in production builds. wouter imports the shim
 * (for React 16 and 17, which lack the hook); on React 18 and later the shim only hands back
 * React's own `useSyncExternalStore`, yet its fallback code was on the programme's first
 * download (0.4 KB gzipped). This is that hand-back, without the fallback.
 */
export { useSyncExternalStore } from 'react';
