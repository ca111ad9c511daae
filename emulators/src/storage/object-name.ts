/** GCS object naming rules, checked on every write (https://cloud.google.com/storage/docs/objects#naming). */
import { badRequest } from './errors.js';

const MAX_NAME_BYTES = 1024;

export function assertValidObjectName(name: string): void {
  if (name === '') throw badRequest('Object name must not be empty');
  // A lone UTF-16 surrogate (`"\udc00"` in a JSON body) has no UTF-8 form: GCS names are UTF-8.
  if (/\p{Cs}/u.test(name)) throw badRequest('Object name is not valid UTF-8');
  if (Buffer.byteLength(name, 'utf8') > MAX_NAME_BYTES) throw badRequest(`Object name is longer than ${MAX_NAME_BYTES} bytes`);
  if (/[\r\n]/.test(name)) throw badRequest('Object name must not contain carriage returns or line feeds');
  if (name === '.' || name === '..') throw badRequest('Object name must not be "." or ".."');
  if (name.startsWith('.well-known/acme-challenge/')) throw badRequest('Object name must not start with ".well-known/acme-challenge/"');
}
