/**
 * The journal's record framing: `[payload length: u32 LE][CRC-32 of the payload: u32 LE][payload]`.
 * A reader walks frames from the start of a file and stops at the first one that is not whole
 * and intact (a torn tail: the process or the machine died mid-append), reporting where and
 * why, so start-up keeps every complete record and skips only the damaged end.
 */
import { crc32 } from 'node:zlib';

export const FRAME_HEADER_BYTES = 8;

/** Larger than any record we write (a 500-write commit of 1 MiB documents); a bigger length is garbage. */
export const MAX_RECORD_BYTES = 1024 * 1024 * 1024;

export function encodeFrame(payload: Buffer): Buffer {
  if (payload.byteLength === 0) throw new Error('A journal record cannot be empty');
  if (payload.byteLength > MAX_RECORD_BYTES) throw new Error(`A journal record cannot exceed ${MAX_RECORD_BYTES} bytes`);
  const frame = Buffer.allocUnsafe(FRAME_HEADER_BYTES + payload.byteLength);
  frame.writeUInt32LE(payload.byteLength, 0);
  frame.writeUInt32LE(crc32(payload), 4);
  payload.copy(frame, FRAME_HEADER_BYTES);
  return frame;
}

export type TearReason =
  /** Fewer than 8 bytes left: the header itself was cut. */
  | 'truncated length'
  /** The header promises more bytes than the file has. */
  | 'truncated payload'
  /** Whole, but the payload does not match its checksum. */
  | 'bad checksum'
  /** A length no writer produces (zero, as in a zero-filled tail, or absurdly large). */
  | 'garbage';

export interface Tear {
  /** Byte offset of the first damaged frame (= bytes kept). */
  offset: number;
  reason: TearReason;
  /** Bytes from `offset` to the end of the file. */
  skippedBytes: number;
  /**
   * Frames skipped: the damaged one, plus any whose headers can still be followed after it
   * (a record is never replayed past a damaged one: later records may depend on it).
   */
  skippedRecords: number;
}

export interface ScannedFrames {
  payloads: Buffer[];
  /** Bytes of whole, intact frames from the start. */
  validBytes: number;
  tear?: Tear;
}

export function scanFrames(data: Buffer): ScannedFrames {
  const payloads: Buffer[] = [];
  let offset = 0;
  while (offset < data.byteLength) {
    const reason = frameProblem(data, offset);
    if (reason !== undefined) {
      return {
        payloads,
        validBytes: offset,
        tear: { offset, reason, skippedBytes: data.byteLength - offset, skippedRecords: countFramesFrom(data, offset) },
      };
    }
    const length = data.readUInt32LE(offset);
    payloads.push(data.subarray(offset + FRAME_HEADER_BYTES, offset + FRAME_HEADER_BYTES + length));
    offset += FRAME_HEADER_BYTES + length;
  }
  return { payloads, validBytes: offset };
}

function frameProblem(data: Buffer, offset: number): TearReason | undefined {
  const remaining = data.byteLength - offset;
  if (remaining < FRAME_HEADER_BYTES) return 'truncated length';
  const length = data.readUInt32LE(offset);
  if (length === 0 || length > MAX_RECORD_BYTES) return 'garbage';
  if (length > remaining - FRAME_HEADER_BYTES) return 'truncated payload';
  const payload = data.subarray(offset + FRAME_HEADER_BYTES, offset + FRAME_HEADER_BYTES + length);
  if (crc32(payload) !== data.readUInt32LE(offset + 4)) return 'bad checksum';
  return undefined;
}

/** How many frames (at least the damaged one) the headers from `offset` on still delimit. */
function countFramesFrom(data: Buffer, offset: number): number {
  let count = 0;
  while (offset < data.byteLength) {
    count++;
    if (data.byteLength - offset < FRAME_HEADER_BYTES) break;
    const length = data.readUInt32LE(offset);
    if (length === 0 || length > MAX_RECORD_BYTES) break;
    offset += FRAME_HEADER_BYTES + length;
  }
  return count;
}

/** The one line start-up prints for a torn tail. */
export function describeTear(file: string, tear: Tear, keptRecords: number): string {
  const records = (n: number) => `${n} record${n === 1 ? '' : 's'}`;
  return (
    `${file}: torn tail at byte ${tear.offset} (${tear.reason}): kept ${records(keptRecords)}, ` +
    `skipped ${records(tear.skippedRecords)} (${tear.skippedBytes} bytes)`
  );
}
