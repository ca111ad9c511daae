#!/usr/bin/env node
/** `npm start [-- --fresh]`: the backend, the web dev server and the seed festival. */
import { runFestival } from './festival-main.js';

await runFestival(true);
