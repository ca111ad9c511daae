/**
 * What an open client's listener saw in an integration test: every state of a document with
 * when it arrived (`record`, from the client's `onSnapshot`), and waits on the latest one.
 */
export function openListener<T>() {
  const seen: Array<{ at: number; live: T | undefined }> = [];
  /** Waiters on what the client sees, checked at each of its snapshots. */
  const waiters: Array<() => void> = [];
  return {
    seen,
    record(live: T | undefined): void {
      seen.push({ at: Date.now(), live });
      for (const check of [...waiters]) check();
    },
    /** Resolves once the latest state seen (now or at a later snapshot) is one `accept` takes. */
    sees(accept: (live: T | undefined) => boolean): Promise<void> {
      return new Promise((resolve) => {
        const check = () => {
          if (!accept(seen.at(-1)?.live)) return;
          waiters.splice(waiters.indexOf(check), 1);
          resolve();
        };
        waiters.push(check);
        check();
      });
    },
  };
}
