import { readBundleElementSpans, type BundleMetadata } from './bundle-elements';

/**
 * The programme's bundle cut into smaller bundles that the Firestore SDK loads one after the
 * other (festival/programme-queries.ts), so that no single task of the phone's main thread
 * writes the whole programme into the cache: the SDK reads, converts and stores each bundle
 * it is given in one go (one IndexedDB transaction, a few long tasks), and a whole festival
 * at once blocked taps for hundreds of milliseconds on a mid-range phone (web/README.md,
 * "The first page").
 *
 * Where it may cut: the SDK gives a named query the documents *of the same bundle* that name
 * it (`documentMetadata.queries`) as its server-side results. A named query therefore stays
 * with all of its documents, or its listener would find the rest "in limbo" and read each of
 * them from the server. So the parts are: one per group of named queries sharing documents,
 * with those documents, and a first part with the documents no query names (the festival).
 * The elements keep their bytes; each part gets a metadata element of its own whose id is
 * the bundle's id and the part's name, with the bundle's build time, so the SDK skips a part
 * it already holds exactly as it skipped the whole bundle.
 */
export function splitBundleByQuery(bytes: Uint8Array): Uint8Array[] {
  return splitBundleParts(bytes).map((part) => part.bytes);
}

/** A part of a split bundle: its bytes, and the named queries it carries (none for the first part). */
export interface BundlePart {
  queries: readonly string[];
  bytes: Uint8Array;
}

/** The parts `splitBundleByQuery` gives, each with the names of its named queries. */
export function splitBundleParts(bytes: Uint8Array): BundlePart[] {
  const spans = readBundleElementSpans(bytes);
  const first = spans[0]!.element;
  if (!('metadata' in first)) throw new Error('a bundle starts with its metadata');
  const metadata = first.metadata;

  // Union-find over query names: queries that share a document end up in one part.
  const leader = new Map<string, string>();
  const find = (name: string): string => {
    const up = leader.get(name) ?? name;
    if (up === name) return name;
    const root = find(up);
    leader.set(name, root);
    return root;
  };
  for (const { element } of spans) {
    if (!('documentMetadata' in element)) continue;
    const [head, ...rest] = element.documentMetadata.queries ?? [];
    for (const other of rest) leader.set(find(other), find(head!));
  }

  // Each element joins its part in bundle order; a document goes where its metadata went.
  const UNNAMED = '';
  const parts = new Map<string, Part>([[UNNAMED, { elements: [], documents: 0, queries: [] }]]);
  const partOf = (name: string) => {
    let part = parts.get(name);
    if (!part) parts.set(name, (part = { elements: [], documents: 0, queries: [] }));
    return part;
  };
  let current = UNNAMED;
  for (const { element, bytes: elementBytes } of spans.slice(1)) {
    if ('namedQuery' in element) {
      const part = partOf(find(element.namedQuery.name));
      part.elements.push(elementBytes);
      part.queries.push(element.namedQuery.name);
      continue;
    }
    if ('documentMetadata' in element) {
      const head = element.documentMetadata.queries?.[0];
      current = head === undefined ? UNNAMED : find(head);
    }
    const part = partOf(current);
    part.elements.push(elementBytes);
    if ('document' in element) part.documents += 1;
  }

  return [...parts]
    .filter(([, part]) => part.elements.length > 0)
    .map(([name, part]) => ({ queries: part.queries, bytes: bundleOf({ ...metadata, id: name === UNNAMED ? metadata.id : `${metadata.id}|${name}` }, part) }));
}

interface Part {
  /** Each element's bytes, length prefix included. */
  elements: Uint8Array[];
  documents: number;
  /** The named queries in it. */
  queries: string[];
}

const encoder = new TextEncoder();

/** A bundle of these elements, after a metadata element that counts them (as the SDK's progress reports do). */
function bundleOf(metadata: BundleMetadata, { elements, documents }: Part): Uint8Array {
  const bodyBytes = elements.reduce((sum, element) => sum + element.length, 0);
  const json = encoder.encode(JSON.stringify({ metadata: { ...metadata, totalDocuments: documents, totalBytes: String(bodyBytes) } }));
  const prefix = encoder.encode(String(json.length));
  const out = new Uint8Array(prefix.length + json.length + bodyBytes);
  out.set(prefix, 0);
  out.set(json, prefix.length);
  let offset = prefix.length + json.length;
  for (const element of elements) {
    out.set(element, offset);
    offset += element.length;
  }
  return out;
}
