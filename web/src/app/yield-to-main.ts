/**
 * Lets the browser run what is waiting (a tap, a frame) before the caller goes on: long work
 * on a phone's main thread is done in steps with this between them, so no step blocks input
 * for long (Lighthouse counts every task over 50 ms as blocking). `scheduler.yield()` where the
 * browser has it (the caller then goes on before other queued tasks), else a new task.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
