/**
 * Invite links carry the invite id in the fragment (`/friends/accept#<id>`): a fragment never
 * reaches a server, so the secret stays out of hosting and proxy logs.
 */
export const ACCEPT_PATH = '/friends/accept';

export function inviteLink(origin: string, inviteId: string): string {
  return `${origin}${ACCEPT_PATH}#${inviteId}`;
}

/** The invite id of a link's fragment, or null when it is not one. */
export function inviteIdFromHash(hash: string): string | null {
  const id = hash.replace(/^#/, '');
  return /^[A-Za-z0-9_-]{22,64}$/.test(id) ? id : null;
}
