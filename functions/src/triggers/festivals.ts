import { onCall } from './bounded-call.js';
import { callableOptions } from '../config.js';
import { handleCreateFestival } from '../handlers/create-festival.js';
import { answer, caller } from './callable.js';
import { liveDeps } from '../platform/live.js';

/** A festival of one's own (issue 35): wiring only; the work is in handlers/create-festival.ts. */

export const createFestival = onCall(callableOptions, (request) => answer(() => handleCreateFestival(liveDeps(), caller(request), request.data)));
