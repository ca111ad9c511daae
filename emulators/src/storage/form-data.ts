/**
 * Reads a `multipart/form-data` body as it streams in (an HTML form upload, a signed POST
 * policy): the small fields are read whole, then the file, which must be the last part (as
 * GCS requires), is handed on chunk by chunk and never held. The file part is the one with a
 * `filename`, or the one named `file`.
 */
import { ByteReader } from './byte-reader.js';
import { badRequest, payloadTooLarge } from './errors.js';
import { strictUtf8 } from './http.js';
import { closesHere, readPartHeaders, skipLineBreak } from './multipart.js';

export interface FormFile {
  /** The fields before the file, names lower-cased (form field names are case-insensitive in GCS). */
  fields: Record<string, string>;
  filename: string;
  /** The file part's own Content-Type, if any. */
  contentType: string | undefined;
}

export interface FormSink {
  /** Called when the file part begins, before any of its bytes: may refuse by throwing. */
  file(file: FormFile): Promise<void>;
  bytes(bytes: Buffer): Promise<void>;
}

/** Room for every field before the file (the policy document included). */
const MAX_FIELDS_BYTES = 1024 * 1024;
const fieldsTooLarge = () => badRequest(`Form fields are larger than ${MAX_FIELDS_BYTES} bytes`);
const truncated = () => badRequest('Form body is truncated: no closing boundary');

export function isFormData(contentType: string | undefined): boolean {
  return contentType !== undefined && /^multipart\/form-data\s*(;|$)/i.test(contentType.trim());
}

export async function readFormData(contentType: string | undefined, body: AsyncIterable<Buffer>, sink: FormSink, maxFileBytes: number): Promise<void> {
  const boundary = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType ?? '');
  if (!isFormData(contentType) || !boundary) throw badRequest(`Bad content type. ${contentType ?? '(none)'}: a form upload needs Content-Type: multipart/form-data with a boundary`);
  const dashBoundary = Buffer.from(`--${boundary[1] ?? boundary[2]}`);
  const delimiter = Buffer.from(`\r\n${dashBoundary.toString('latin1')}`);
  const reader = new ByteReader(body, maxFileBytes + MAX_FIELDS_BYTES);
  if ((await reader.readUntil(dashBoundary, MAX_FIELDS_BYTES, fieldsTooLarge)) === undefined) throw badRequest('Form body has no opening boundary');
  const fields: Record<string, string> = {};
  for (;;) {
    if (await closesHere(reader)) throw badRequest("Missing 'key' or file.");
    await skipLineBreak(reader);
    const headers = await readPartHeaders(reader);
    const disposition = headers['content-disposition'] ?? '';
    const name = parameter(disposition, 'name');
    const filename = parameter(disposition, 'filename');
    if (name === undefined) throw badRequest('Form part has no name');
    if (filename === undefined && name.toLowerCase() !== 'file') {
      const value = await reader.readUntil(delimiter, MAX_FIELDS_BYTES, fieldsTooLarge);
      if (value === undefined) throw truncated();
      fields[name.toLowerCase()] = strictUtf8(value, `Form field "${name}"`);
      continue;
    }
    await sink.file({ fields, filename: filename ?? '', contentType: headers['content-type'] });
    let size = 0;
    const closed = await reader.streamUntil(delimiter, async (bytes) => {
      size += bytes.byteLength;
      if (size > maxFileBytes) throw payloadTooLarge(maxFileBytes);
      await sink.bytes(bytes);
    });
    if (!closed) throw truncated();
    if (!(await closesHere(reader))) throw badRequest('The file must be the last field of the form');
    await reader.streamToEnd(async () => undefined);
    return;
  }
}

/** `name="value"` (or unquoted) in a Content-Disposition header. */
function parameter(header: string, key: string): string | undefined {
  const match = new RegExp(`;\\s*${key}=(?:"([^"]*)"|([^;\\s]*))`, 'i').exec(header);
  return match === null ? undefined : (match[1] ?? match[2]);
}
