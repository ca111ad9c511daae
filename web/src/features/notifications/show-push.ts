import { pushPayloadSchema, type PushPayload } from '@encore/model';

/**
 * The one place a push becomes a notification on screen, shared by every way a push
 * arrives: FCM's `onBackgroundMessage` in the service worker (production, app closed), the
 * page's FCM `onMessage` handing it to the service worker (production, app open), and the
 * emulators' outbox handing it to the service worker (local). Only a page without a service
 * worker (the dev server) shows it itself, through the same function.
 */

/** The message a page posts to its service worker to have a push shown. */
export const SHOW_PUSH_MESSAGE = 'encore-show-push';

export interface ShowPushMessage {
  type: typeof SHOW_PUSH_MESSAGE;
  payload: PushPayload;
}

export function isShowPushMessage(data: unknown): data is ShowPushMessage {
  return typeof data === 'object' && data !== null && (data as { type?: unknown }).type === SHOW_PUSH_MESSAGE;
}

/** A push payload from the wire (FCM data, an outbox document); null when it is not one of ours. */
export function readPushPayload(data: unknown): PushPayload | null {
  const parsed = pushPayloadSchema.safeParse(data);
  return parsed.success ? parsed.data : null;
}

/** What can show a notification: a service worker registration, or the page's own stand-in. */
export interface NotificationShower {
  showNotification(title: string, options: NotificationOptions): Promise<void>;
}

/**
 * Shows the push. Its tag replaces an earlier notification about the same subject (a set
 * moved twice shows once); the link travels in `data` for the click.
 */
export function showPush(shower: NotificationShower, payload: PushPayload): Promise<void> {
  return shower.showNotification(payload.title, {
    body: payload.body,
    tag: payload.tag,
    icon: '/icon-192.png',
    badge: '/icon-192.png',
    lang: '',
    data: { link: payload.link, kind: payload.kind },
    requireInteraction: payload.kind === 'announcement',
  });
}

/** The in-app path a clicked notification opens (only paths inside the app; anything else opens News). */
export function linkOf(notificationData: unknown): string {
  const link = (notificationData as { link?: unknown } | null)?.link;
  return typeof link === 'string' && /^\/[^/\\]/.test(link) ? link : '/inbox';
}
