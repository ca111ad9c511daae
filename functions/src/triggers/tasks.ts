import { onTaskDispatched } from 'firebase-functions/v2/tasks';
import { programmeTaskOptions, publicationTaskOptions } from '../config.js';
import { handleLivePhotosTask, handleLiveSetsTask, handleProgrammeTask } from '../handlers/publication-task.js';
import { liveDeps } from '../platform/live.js';

/** `live/sets` at the end of a window in which favourites changed (asked for by countFavorite and refreshTrending). */
export const publishLiveSets = onTaskDispatched(publicationTaskOptions, async (request) => {
  await handleLiveSetsTask(liveDeps(), request.data);
});

/** `live/photos` at the end of a window in which reactions or the wall changed (countReaction, publishWallPhoto). */
export const publishLivePhotos = onTaskDispatched(publicationTaskOptions, async (request) => {
  await handleLivePhotosTask(liveDeps(), request.data);
});

/** The programme bundle and `live/programme` at the end of a window in which staff edited the programme. */
export const publishProgramme = onTaskDispatched(programmeTaskOptions, async (request) => {
  await handleProgrammeTask(liveDeps(), request.data);
});
