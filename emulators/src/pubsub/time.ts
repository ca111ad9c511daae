/** Conversions between protobuf Duration/Timestamp and milliseconds. */
import type { Duration, Timestamp } from './wire.js';

export function durationToMs(duration: Duration | null | undefined): number | undefined {
  if (!duration) return undefined;
  return Number(duration.seconds) * 1000 + Math.floor(duration.nanos / 1e6);
}

export function msToDuration(ms: number): Duration {
  return { seconds: String(Math.floor(ms / 1000)), nanos: (ms % 1000) * 1e6 };
}

export function timestampToMs(timestamp: Timestamp): number {
  return Number(timestamp.seconds) * 1000 + Math.floor(timestamp.nanos / 1e6);
}

export function msToTimestamp(ms: number): Timestamp {
  return { seconds: String(Math.floor(ms / 1000)), nanos: (ms % 1000) * 1e6 };
}
