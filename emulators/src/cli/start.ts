#!/usr/bin/env node
/** `npm start [-- --fresh] [-- --empty]`: the backend, the web dev server and the demo festival (or, `--empty`, no festival and a local project admin). */
import { importUnlessStopped, installStopSignals } from './stop-signals.js';

// First, before the rest of the CLI is even loaded: a Ctrl-C from now on is never lost.
const stop = installStopSignals();
console.log('[encore] starting (Ctrl-C stops at any moment)...');
const { main } = await importUnlessStopped(stop, () => import('./main.js'));
await main({ web: true, stop });
