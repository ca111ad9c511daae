import { PUBLICATION_QUEUES } from '../handlers/live-marks.js';
import { handleLivePhotosTask, handleLiveSetsTask, handleProgrammeTask } from '../handlers/publication-task.js';
import type { Deps } from '../handlers/deps.js';
import type { MemoryTasks } from './memory-tasks.js';

/**
 * Cloud Tasks for unit tests: runs every publication task enqueued so far (and those they
 * enqueue), each at its time (the test clock's sleep moves to it), through its handler as
 * triggers/tasks.ts wires it. `deps` may override the ports a task runs with (a failing store).
 * Returns how many ran.
 */
export async function runPublicationTasks(deps: Deps & { tasks: MemoryTasks; sleep: (ms: number) => Promise<void> }, overrides: Partial<Deps> = {}): Promise<number> {
  const run = { ...deps, ...overrides };
  let ran = 0;
  for (let task = deps.tasks.takeNext(); task; task = deps.tasks.takeNext()) {
    const wait = task.at.getTime() - deps.now().getTime();
    if (wait > 0) await deps.sleep(wait);
    if (task.queue === PUBLICATION_QUEUES.sets) await handleLiveSetsTask(run, task.data);
    else if (task.queue === PUBLICATION_QUEUES.photos) await handleLivePhotosTask(run, task.data);
    else if (task.queue === PUBLICATION_QUEUES.programme) await handleProgrammeTask(run, task.data);
    else throw new Error(`No publication queue ${task.queue}`);
    ran++;
  }
  return ran;
}
