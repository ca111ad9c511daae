/**
 * The calendar feed's own rules. What a calendar says about a set is the shared mapper's
 * (`@encore/model/calendar`), which the web app's download uses too.
 */

/** A calendar secret: 32 random bytes, URL-safe. */
export function newCalendarToken(): string {
  const bytes = new Uint8Array(32);
  crypto.getRandomValues(bytes);
  return Buffer.from(bytes).toString('base64url');
}

/**
 * The web app's address the feed links each set to: `APP_URL` when the deployment sets one
 * (a custom domain), else the project's default Hosting site, where `firebase deploy`
 * puts the app.
 */
export function feedAppUrl(configured: string, projectId: string | undefined): string {
  const url = configured.trim().replace(/\/+$/, '');
  if (url) return url;
  return `https://${projectId ?? 'localhost'}.web.app`;
}
