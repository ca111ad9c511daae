import exifr from 'exifr';

/** The capture facts the pipeline keeps from EXIF before every derived file drops all metadata. */
export interface CaptureFacts {
  /** Camera wall-clock time, as written: "2026:08:14 21:30:05". */
  dateTimeOriginal: string | undefined;
  offsetTimeOriginal: string | undefined;
}

/** Reads EXIF without trusting it: unreadable or absent EXIF is simply no facts. */
export async function readCaptureFacts(bytes: Buffer): Promise<CaptureFacts> {
  try {
    const tags = (await exifr.parse(bytes, { pick: ['DateTimeOriginal', 'OffsetTimeOriginal'], reviveValues: false })) as Record<string, unknown> | undefined;
    const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
    return { dateTimeOriginal: text(tags?.DateTimeOriginal), offsetTimeOriginal: text(tags?.OffsetTimeOriginal) };
  } catch {
    return { dateTimeOriginal: undefined, offsetTimeOriginal: undefined };
  }
}
