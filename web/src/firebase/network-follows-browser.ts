import { disableNetwork, enableNetwork, type Firestore } from 'firebase/firestore';

/**
 * Firestore's network follows the browser's: paused while `navigator.onLine` is false, back
 * the moment the `online` event comes.
 *
 * Left alone, the SDK keeps trying while the device has no network: every attempt of its
 * WebChannel streams fails (a failed request the browser reports in the console, a warning of
 * the SDK's own), and each failure makes WebChannel probe `www.google.com/images/cleardot.gif`
 * to tell a dead network from a dead server (closure's `WebChannelBase` on a network error;
 * Firestore gives no setting to turn the probe off). About 60 errors a minute offline, none
 * of which can succeed. Paused, the SDK makes no request at all and serves its cache; writes
 * wait in its queue as before. Resuming is as fast as the SDK's own reaction to the network
 * (which restarts its streams on the same `online` event) and faster than its back-off after
 * failures: `enableNetwork` opens the streams at once, with no delay carried over.
 *
 * The cost: a browser that says it is offline while a network works gets no live updates
 * until it says online again. Browsers set `navigator.onLine` false only when no network
 * interface is up, so that is rare; a network that is up but reaches nothing (navigator says
 * online) is still the SDK's to retry, as before.
 *
 * Listeners in the capture phase, so this runs before the SDK's own `offline` handler, which
 * would otherwise restart the streams once more before the pause. Pausing closes the streams,
 * and WebChannel says goodbye to the server with a `TYPE=terminate` beacon, which cannot get
 * through once the network is gone: no-requests-offline.ts drops it (the server ends an idle
 * session by itself).
 *
 * Each change is said once in the console, as information (`say`).
 */
export function networkFollowsBrowser(firestore: Firestore, say: (line: string) => void = (line) => console.info(line)): () => void {
  let paused = false;
  const follow = () => {
    const offline = !navigator.onLine;
    if (offline === paused) return;
    paused = offline;
    say(offline ? 'Encore is offline: the data shown is kept on this device and changes are sent when the network returns.' : 'Encore is online again: reconnecting.');
    // Only fails once the instance is terminated, when there is nothing left to pause.
    (offline ? disableNetwork(firestore) : enableNetwork(firestore)).catch(() => undefined);
  };
  window.addEventListener('online', follow, { capture: true });
  window.addEventListener('offline', follow, { capture: true });
  follow();
  return () => {
    window.removeEventListener('online', follow, { capture: true });
    window.removeEventListener('offline', follow, { capture: true });
  };
}

