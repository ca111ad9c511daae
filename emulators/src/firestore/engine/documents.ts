/** Stored documents in their proto3 JSON (`Document`) form, as every transport returns them. */
import type { FirestoreDocumentJson } from '../../common/events.js';
import type { FieldPath } from './field-path.js';
import { project } from './query.js';
import type { StoredDocument } from './store.js';
import { formatTimestamp } from './time.js';

export function toDocumentJson(root: string, doc: StoredDocument, select?: FieldPath[]): FirestoreDocumentJson {
  return {
    name: `${root}/${doc.path}`,
    fields: project(doc.fields, select),
    createTime: formatTimestamp(doc.createTime),
    updateTime: formatTimestamp(doc.updateTime),
  };
}
