/**
 * Checks made before a byte is sent, mirroring what Storage rules and the photo pipeline
 * accept (image content, at most 20 MB), so people learn at once rather than after a wait.
 * The server still sniffs the real type: these checks are a courtesy, not the gate.
 */
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;

export const ACCEPTED_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/gif', 'image/tiff'] as const;

const HEIC = /^image\/hei[cf](-sequence)?$/i;

/** Why a file cannot be uploaded, as a sentence with a next step; null when it may go. */
export function fileProblem(file: Pick<File, 'name' | 'type' | 'size'>): string | null {
  if (file.size === 0) return `“${file.name}” is empty (0 bytes). Pick the photo again.`;
  if (HEIC.test(file.type) || /\.hei[cf]$/i.test(file.name)) {
    return `“${file.name}” is a HEIC photo, which isn’t supported yet: export it as JPEG (on iPhone, Settings › Camera › Formats › Most Compatible).`;
  }
  if (!(ACCEPTED_TYPES as readonly string[]).includes(file.type)) {
    return `“${file.name}” is not a photo Encore can show. Use JPEG, PNG, WebP, AVIF, GIF or TIFF.`;
  }
  if (file.size > MAX_UPLOAD_BYTES) {
    return `“${file.name}” is ${(file.size / 1024 / 1024).toFixed(1)} MB; photos can be at most 20 MB. Share a smaller copy.`;
  }
  return null;
}
