#!/usr/bin/env node
/** `npm run emulators [-- --fresh]`: the backend only (Auth, Firestore, Storage, Pub/Sub, functions). */
import { runFestival } from './festival-main.js';

await runFestival(false);
