/**
 * Child processes of `npm start` (today only the functions build). Each runs in its own
 * process group, so a Ctrl-C in the terminal reaches only the CLI, which ends them itself;
 * ending one ends its whole group (npm -> sh -> tsx -> esbuild), by the group's id. Every
 * group still alive is killed when the CLI exits, however it exits (`killChildGroups`).
 */
import { spawn, type SpawnOptions } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

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

/** How long `killChildGroups` waits for the killed groups to be gone before it lets the process exit. */
const GONE_WITHIN_MS = 2_000;

/**
 * Kills every child group still running and waits until they are gone (at most
 * `GONE_WITHIN_MS`); synchronous, so it works from a process 'exit' handler. A SIGKILL is
 * delivered when its target next runs, which on a loaded machine can be some milliseconds
 * after `kill()` returned: without the wait the CLI's exit could come before its children's.
 */
export function killChildGroups(): void {
  const groups = [...liveGroups];
  liveGroups.clear();
  for (const pid of groups) signalGroup(pid, 'SIGKILL');
  const deadline = performance.now() + GONE_WITHIN_MS;
  while (groups.some(groupIsRunning) && performance.now() < deadline) sleepSync(5);
}

/**
 * Whether any process of the group still runs (a zombie, dead and waiting to be reaped,
 * does not). Read from Linux's /proc; elsewhere a signal 0 to the group answers, zombies
 * included, so the wait there may last until the deadline at worst.
 */
function groupIsRunning(groupId: number): boolean {
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    try {
      process.kill(-groupId, 0);
      return true;
    } catch {
      return false;
    }
  }
  return entries.some((entry) => {
    if (!/^\d+$/.test(entry)) return false;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // Fields after the command (which may hold spaces and parentheses): state, ppid, pgrp, ...
      const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return Number(pgrp) === groupId && state !== 'Z' && state !== 'X';
    } catch {
      return false; // gone while we looked
    }
  });
}

function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // The group is already gone.
  }
}
