/**
 * Stable id generation. Programme ids are derived from content (slugs, and a short hash
 * for performances) so that re-running an import or the seed updates documents in place
 * instead of duplicating them. Random ids (photos, reports) follow Firestore's auto-id
 * alphabet and length.
 */

/** `"Nina Kraviz & Friends!"` -> `"nina-kraviz-friends"`; accents folded, at most 60 characters. */
export function slugify(text: string): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  if (slug === '') throw new Error(`Cannot make an id from "${text}": it has no letters or digits`);
  return slug;
}

/** 32-bit FNV-1a: tiny, stable across platforms, good enough to keep ids apart. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(text)) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

/**
 * A performance id stable for the same artist on the same stage at the same start, e.g.
 * `nina-kraviz-main-0815-2130-1k3f9x`. Moving a set keeps its id (staff edit the doc);
 * importing the same programme twice yields the same ids.
 */
export function performanceIdFor(input: { artistId: string; stageId: string; startsAt: Date }): string {
  const iso = input.startsAt.toISOString();
  const stamp = `${iso.slice(5, 7)}${iso.slice(8, 10)}-${iso.slice(11, 13)}${iso.slice(14, 16)}`;
  const hash = fnv1a(`${input.artistId}|${input.stageId}|${iso}`).toString(36).padStart(7, '0');
  return `${input.artistId.slice(0, 40)}-${input.stageId.slice(0, 20)}-${stamp}-${hash}`;
}

const AUTO_ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A random 20-character id like Firestore's `doc().id`, from a cryptographic source. */
export function randomId(): string {
  const bytes = new Uint8Array(40);
  crypto.getRandomValues(bytes);
  let id = '';
  for (const byte of bytes) {
    // Rejection sampling keeps every character equally likely (248 = 62 * 4).
    if (byte < 248) id += AUTO_ID_ALPHABET[byte % 62];
    if (id.length === 20) return id;
  }
  return id + randomId().slice(0, 20 - id.length);
}
