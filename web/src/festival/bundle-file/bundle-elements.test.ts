import { describe, expect, it } from 'vitest';
import { BundleFormatError, readBundleElements, readBundleElementSpans } from './bundle-elements';

const element = (value: unknown) => {
  const json = new TextEncoder().encode(JSON.stringify(value));
  return `${json.length}${JSON.stringify(value)}`;
};
const bytes = (text: string) => new TextEncoder().encode(text);

describe('reading the elements of a data bundle', () => {
  const metadata = { metadata: { id: 'b', createTime: { seconds: '1' }, version: 1, totalDocuments: 1, totalBytes: '0' } };
  // "Zoë" and "—" take more bytes than characters: the length prefix counts bytes.
  const document = { document: { name: 'projects/p/databases/(default)/documents/festivals/f', fields: { name: { stringValue: 'Zoë — live' } } } };

  it('reads each length-prefixed JSON element in order, lengths counted in UTF-8 bytes', () => {
    const elements = readBundleElements(bytes(element(metadata) + element({ documentMetadata: { name: 'x', readTime: '1970-01-01T00:00:00Z', exists: true } }) + element(document)));
    expect(elements).toEqual([metadata, { documentMetadata: { name: 'x', readTime: '1970-01-01T00:00:00Z', exists: true } }, document]);
  });

  it('refuses what is not a bundle: an error page, a cut-off download, an element before the metadata, nothing at all', () => {
    expect(() => readBundleElements(bytes('<!doctype html><p>Bad gateway</p>'))).toThrow(BundleFormatError);
    const whole = element(metadata) + element(document);
    expect(() => readBundleElements(bytes(whole.slice(0, whole.length - 5)))).toThrow(/runs past the end/);
    expect(() => readBundleElements(bytes(element(document)))).toThrow(/metadata/);
    expect(() => readBundleElements(bytes('12{"not":"a bundle"'))).toThrow(BundleFormatError);
    expect(() => readBundleElements(new Uint8Array())).toThrow(/empty/);
  });

  it('reads a buffer once: the first paint and the SDK load share one parse of the same download, and another view of it is read on its own', () => {
    const download = bytes(element(metadata) + element(document));
    const first = readBundleElementSpans(new Uint8Array(download.buffer));
    expect(readBundleElementSpans(new Uint8Array(download.buffer))).toBe(first);
    // The same buffer seen through a narrower view is other bytes: read again, not taken from the first read.
    const metadataOnly = new Uint8Array(download.buffer, 0, element(metadata).length);
    expect(readBundleElementSpans(metadataOnly).map(({ element: read }) => read)).toEqual([metadata]);
  });
});
