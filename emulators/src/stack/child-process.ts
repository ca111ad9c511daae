/**
 * Child processes of `npm start` (today only the functions build). Each runs in its own
 * process group, so a Ctrl-C in the terminal reaches only the CLI, which ends them itself;
 * ending one ends its whole group (npm -> sh -> tsx -> esbuild), by the group's id. Every
 * group still alive is killed when the CLI exits, however it exits (`killChildGroups`).
 */
import { spawn, type SpawnOptions } from 'node:child_process';

const liveGroups = new Set<number>();

/**
 * Runs a command to completion in its own process group, output inherited; rejects on a
 * non-zero exit. Aborting kills the group (SIGTERM, then SIGKILL after `graceMs`) and
 * rejects with the signal's reason.
 */
export function runStep(command: string, args: string[], options: SpawnOptions & { signal?: AbortSignal; graceMs?: number }): Promise<void> {
  const { signal, graceMs = 1_000, ...spawnOptions } = options;
  signal?.throwIfAborted();
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'inherit', ...spawnOptions, detached: true });
    const pid = child.pid;
    if (pid !== undefined) liveGroups.add(pid);
    let killTimer: NodeJS.Timeout | undefined;
    const onAbort = (): void => {
      if (pid === undefined) return;
      signalGroup(pid, 'SIGTERM');
      killTimer = setTimeout(() => signalGroup(pid, 'SIGKILL'), graceMs);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    const settle = (error?: Error): void => {
      if (pid !== undefined) liveGroups.delete(pid);
      clearTimeout(killTimer);
      signal?.removeEventListener('abort', onAbort);
      if (signal?.aborted) reject(signal.reason);
      else if (error) reject(error);
      else resolve();
    };
    child.once('error', settle);
    child.once('exit', (code, killedBy) => {
      // The command may have left children of its own in the group: they go with it.
      if (pid !== undefined) signalGroup(pid, 'SIGKILL');
      settle(code === 0 ? undefined : new Error(`${command} ${args.join(' ')} ${killedBy ? `was killed by ${killedBy}` : `exited with ${code}`}`));
    });
  });
}

/** Kills every child group still running; synchronous, so it works from a process 'exit' handler. */
export function killChildGroups(): void {
  for (const pid of liveGroups) signalGroup(pid, 'SIGKILL');
  liveGroups.clear();
}

function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // The group is already gone.
  }
}
