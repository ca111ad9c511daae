#!/usr/bin/env node
/** `npm run emulators [-- --fresh] [-- --empty]`: the backend only (Auth, Firestore, Storage, Pub/Sub, functions), with the same flags as `npm start`. */
import { importUnlessStopped, installStopSignals } from './stop-signals.js';

// First, before the rest of the CLI is even loaded: a Ctrl-C from now on is never lost.
const stop = installStopSignals();
console.log('[encore] starting (Ctrl-C stops at any moment)...');
const { main } = await importUnlessStopped(stop, () => import('./main.js'));
await main({ web: false, stop });
