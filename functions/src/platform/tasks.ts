import { getFunctions } from 'firebase-admin/functions';
import { REGION } from '../config.js';
import { adminApp } from './firestore.js';

/** The task-queue port: run an onTaskDispatched function later, once per id. */
export interface Tasks {
  /**
   * Enqueues `data` for the task-queue function `queue`, to run at `at`. The id makes it
   * once only: 'exists' when a task with that id was enqueued already (queued, run or deleted
   * in the last hour: Cloud Tasks keeps the name reserved), whoever enqueued it.
   */
  enqueue(queue: string, data: Record<string, unknown>, options: { id: string; at: Date }): Promise<'enqueued' | 'exists'>;
}

/** Cloud Tasks through firebase-admin; under an emulator (`CLOUD_TASKS_EMULATOR_HOST`) our functions runner. */
export function cloudTasks(): Tasks {
  return {
    async enqueue(queue, data, { id, at }) {
      try {
        await getFunctions(adminApp()).taskQueue(`locations/${REGION}/functions/${queue}`).enqueue(data, { id, scheduleTime: at });
        return 'enqueued';
      } catch (error) {
        if ((error as { code?: unknown }).code === 'functions/task-already-exists') return 'exists';
        throw error;
      }
    },
  };
}
