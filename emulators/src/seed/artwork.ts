import sharp from 'sharp';
import type { ArtworkSpec } from '@encore/model/seed';

/**
 * The seed artists' artwork, drawn locally with sharp (no downloads) from each artist's
 * `ArtworkSpec` (model/src/seed/artwork.ts): a two-colour gradient with one of four
 * patterns, turned by an angle from the artist's id. Square, as artist pictures are.
 */
export const ARTWORK_SIZE = 1200;

const hsl = (hue: number, saturation: number, lightness: number) => `hsl(${hue}, ${saturation}%, ${lightness}%)`;

function pattern(spec: ArtworkSpec, size: number): string {
  const accent = hsl(spec.accentHue, 85, 62);
  const c = size / 2;
  switch (spec.pattern) {
    case 'rings':
      return Array.from({ length: 7 }, (_, i) => `<circle cx="${c * 0.8}" cy="${c * 1.1}" r="${(i + 1) * size * 0.07}" fill="none" stroke="${accent}" stroke-opacity="${0.9 - i * 0.1}" stroke-width="${size * 0.02}"/>`).join('');
    case 'stripes':
      return Array.from({ length: 9 }, (_, i) => `<rect x="${-size + i * size * 0.25}" y="${-size}" width="${size * 0.09}" height="${size * 3}" fill="${accent}" fill-opacity="${0.35 + (i % 3) * 0.2}"/>`).join('');
    case 'dots':
      return Array.from({ length: 36 }, (_, i) => {
        const x = (i % 6) * size * 0.18 + size * 0.06;
        const y = Math.floor(i / 6) * size * 0.18 + size * 0.06;
        return `<circle cx="${x}" cy="${y}" r="${size * (0.02 + ((i * 7) % 5) * 0.008)}" fill="${accent}" fill-opacity="0.85"/>`;
      }).join('');
    case 'waves':
      return Array.from({ length: 6 }, (_, i) => {
        const y = size * (0.2 + i * 0.14);
        return `<path d="M ${-size * 0.2} ${y} Q ${size * 0.25} ${y - size * 0.12} ${size * 0.5} ${y} T ${size * 1.2} ${y}" fill="none" stroke="${accent}" stroke-width="${size * 0.025}" stroke-opacity="0.8"/>`;
      }).join('');
  }
}

export function renderArtwork(spec: ArtworkSpec, size = ARTWORK_SIZE): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${hsl(spec.hue, 70, 42)}"/><stop offset="1" stop-color="${hsl((spec.hue + 40) % 360, 60, 14)}"/>
    </linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <g transform="rotate(${spec.rotation} ${size / 2} ${size / 2})">${pattern(spec, size)}</g>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85, mozjpeg: true }).toBuffer();
}
