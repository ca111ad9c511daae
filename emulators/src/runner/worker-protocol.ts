/** IPC messages from the functions worker (child) to the runner (parent). */
import type { RawEndpoint } from './definitions.js';

export type WorkerMessage =
  | { type: 'ready'; port: number; endpoints: Record<string, RawEndpoint>; node: string }
  | { type: 'failed'; error: string };
