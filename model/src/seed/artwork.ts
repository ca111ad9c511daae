/**
 * How the seed's generated artwork of each artist looks: deterministic from the artist's
 * place in the line-up and id, distinct per artist (hues a golden angle apart, four patterns,
 * a turn from the id). emulators/src/seed/artwork.ts draws it with sharp.
 */
export interface ArtworkSpec {
  /** Background hue and the accent's, 0-359. */
  hue: number;
  accentHue: number;
  pattern: 'rings' | 'stripes' | 'dots' | 'waves';
  /** Degrees the pattern is turned. */
  rotation: number;
}

const PATTERNS: ArtworkSpec['pattern'][] = ['rings', 'stripes', 'dots', 'waves'];

/** FNV-1a: a small stable hash of the id. */
function hash(text: string): number {
  let value = 0x811c9dc5;
  for (const char of text) value = Math.imul(value ^ char.charCodeAt(0), 0x01000193) >>> 0;
  return value;
}

export function artworkFor(artistId: string, index: number): ArtworkSpec {
  const hue = Math.round((index * 137.508) % 360);
  const h = hash(artistId);
  return { hue, accentHue: (hue + 150 + (h % 60)) % 360, pattern: PATTERNS[index % PATTERNS.length]!, rotation: h % 180 };
}
