import { defineMessages, type MessageDescriptor } from 'react-intl';

/**
 * Checks made before a byte is sent, mirroring what Storage rules and the photo pipeline
 * accept (image content, at most 20 MB), so people learn at once rather than after a wait.
 * The server still sniffs the real type: these checks are a courtesy, not the gate.
 */
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;

export const ACCEPTED_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/gif', 'image/tiff'] as const;

const HEIC = /^image\/hei[cf](-sequence)?$/i;

/** Why a file cannot go, as a message with a next step and its values (format it with react-intl). */
export interface FileProblem {
  message: MessageDescriptor;
  values: Record<string, string>;
}

const problems = defineMessages({
  empty: { id: 'upload.fileChecks.empty', defaultMessage: '“{name}” is empty (0 bytes). Pick the photo again.' },
  heic: {
    id: 'upload.fileChecks.heic',
    defaultMessage: '“{name}” is a HEIC photo, which isn’t supported yet: export it as JPEG (on iPhone, Settings › Camera › Formats › Most Compatible).',
  },
  notPhoto: { id: 'upload.fileChecks.notPhoto', defaultMessage: '“{name}” is not a photo Encore can show. Use JPEG, PNG, WebP, AVIF, GIF or TIFF.' },
  tooBig: { id: 'upload.fileChecks.tooBig', defaultMessage: '“{name}” is {size} MB; photos can be at most 20 MB. Share a smaller copy.' },
});

/** Why a file cannot be uploaded; null when it may go. */
export function fileProblem(file: Pick<File, 'name' | 'type' | 'size'>): FileProblem | null {
  const name = file.name;
  if (file.size === 0) return { message: problems.empty, values: { name } };
  if (HEIC.test(file.type) || /\.hei[cf]$/i.test(file.name)) return { message: problems.heic, values: { name } };
  if (!(ACCEPTED_TYPES as readonly string[]).includes(file.type)) return { message: problems.notPhoto, values: { name } };
  if (file.size > MAX_UPLOAD_BYTES) return { message: problems.tooBig, values: { name, size: (file.size / 1024 / 1024).toFixed(1) } };
  return null;
}
