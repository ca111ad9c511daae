/**
 * What makes an in-memory emulator durable in a data folder: a write-ahead journal of
 * checksummed records (appended synchronously, fsync batched), periodic compaction into an
 * atomically replaced snapshot, and recovery that skips a torn tail with a one-line report.
 * Firestore (../firestore/service/journal.ts) and Storage (../storage/durable-catalog.ts) use it.
 */
export { JournaledState, type JournaledStateOptions, type Recovery } from './journaled-state.js';
export { writeFileAtomic, syncFolder } from './atomic-file.js';
export { describeTear, encodeFrame, scanFrames, type Tear, type TearReason } from './frame.js';
