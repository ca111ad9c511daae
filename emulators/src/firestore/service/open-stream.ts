/** The `OpenStream` every bidi transport (gRPC, WebChannel) uses: one Listen/Write implementation. */
import type { OpenStream } from '../streams.js';
import type { Databases } from './databases.js';
import { ListenStream } from './listen-stream.js';
import { WriteStream } from './write-stream.js';

export function createOpenStream(databases: Databases): OpenStream {
  return (kind, context, sink) => (kind === 'Listen' ? ListenStream.open(databases, context, sink) : WriteStream.open(databases, context, sink));
}
