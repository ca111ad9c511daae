import { thumbHashToDataURL } from 'thumbhash';

/** The blurred preview a ThumbHash (base64, from the photo doc) stands for, as a data URL. */
export function placeholderDataUrl(base64: string | null): string | null {
  if (!base64) return null;
  try {
    const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
    return thumbHashToDataURL(bytes);
  } catch {
    // A damaged hash only costs the preview; the dominant colour still shows.
    return null;
  }
}
