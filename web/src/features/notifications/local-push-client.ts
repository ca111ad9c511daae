import { firestorePaths, localDeliverySchema } from '@encore/model';
import { collection, deleteDoc, onSnapshot } from 'firebase/firestore';
import { db } from '../../firebase/firestore';
import { toModel, InvalidDocumentError } from '../../firebase/to-model';
import type { PushClient } from './push-client';

/**
 * The emulators' stand-in for FCM in the browser. The token is issued here (FCM's `getToken`
 * would need Google's registration servers): `local:` and a random part, the form
 * functions' LocalPushOutbox accepts. Pushes arrive as documents in this device's outbox
 * (`users/{uid}/devices/{id}/deliveries`); each is handed to the page's service worker,
 * which shows it as it shows FCM's, and then deleted.
 */
const TOKEN_KEY = 'encore.push.localToken';

function issueToken(): string {
  const random = crypto.getRandomValues(new Uint8Array(24));
  return `local:${Array.from(random, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}

export const localPushClient: PushClient = {
  async token() {
    const kept = window.localStorage.getItem(TOKEN_KEY);
    if (kept) return kept;
    const token = issueToken();
    window.localStorage.setItem(TOKEN_KEY, token);
    return token;
  },

  async deleteToken() {
    window.localStorage.removeItem(TOKEN_KEY);
  },

  listen({ uid, deviceId }, show) {
    return onSnapshot(collection(db(), firestorePaths.localDeliveries(uid, deviceId)), (snapshot) => {
      for (const change of snapshot.docChanges()) {
        if (change.type !== 'added') continue;
        const delivery = toModel(change.doc, localDeliverySchema);
        if (!(delivery instanceof InvalidDocumentError)) {
          const { kind, title, body, link, tag } = delivery;
          show({ kind, title, body, link, tag });
        }
        // Taken out of the outbox once shown (or once found unreadable), as FCM forgets a delivered message.
        void deleteDoc(change.doc.ref).catch(() => undefined);
      }
    });
  },
};
