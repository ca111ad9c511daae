import { onCall } from './bounded-call.js';
import { callableOptions, editionOptions } from '../config.js';
import { handleArchiveFestival } from '../handlers/archive-festival.js';
import { handleCreateEdition } from '../handlers/create-edition.js';
import { handleCreateFestival } from '../handlers/create-festival.js';
import { answer, caller } from './callable.js';
import { liveDeps } from '../platform/live.js';

/** A festival of one's own and its editions (issue 35): wiring only; the work is in handlers/create-festival.ts, create-edition.ts, archive-festival.ts. */

export const createFestival = onCall(callableOptions, (request) => answer(() => handleCreateFestival(liveDeps(), caller(request), request.data)));
export const createEdition = onCall(editionOptions, (request) => answer(() => handleCreateEdition(liveDeps(), caller(request), request.data)));
export const archiveFestival = onCall(callableOptions, (request) => answer(() => handleArchiveFestival(liveDeps(), caller(request), request.data)));
