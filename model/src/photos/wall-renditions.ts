import { thumbnailFormatSchema, type ThumbnailFormat, type WallRendition } from '../schemas/photos.js';

/** Every format a photo's renditions come in, in `<picture>` order (each width is made in all of them). */
const WALL_RENDITION_FORMATS = thumbnailFormatSchema.options;

/**
 * A photo's renditions as a wall tile lists them: when they are every width in every format
 * (as the pipeline makes them), the AVIF ones only, which stand for the others
 * (`wallRenditionsShown`); otherwise all of them, as they are. Every open wall downloads the
 * tiles at each publication: 5 entries a tile instead of 15 (issue 38). An app from before
 * this (a device that has not taken the update yet) reads such a tile as AVIF only: every
 * browser with AVIF shows it (Chromium 85+, Firefox 93+, Safari 16+); one without (Safari 15,
 * Edge before 121) shows the tile's colour and preview until the app updates.
 */
export function wallRenditionsListed(renditions: readonly WallRendition[]): WallRendition[] {
  const plain = renditions.map(({ width, height, format }) => ({ width, height, format }));
  const key = (rendition: WallRendition) => `${rendition.width}x${rendition.height}`;
  const sizesIn = (format: ThumbnailFormat) => plain.filter((rendition) => rendition.format === format).map(key).sort().join(',');
  const avif = sizesIn('avif');
  const everyFormat = avif !== '' && WALL_RENDITION_FORMATS.every((format) => sizesIn(format) === avif) && plain.length === WALL_RENDITION_FORMATS.length * avif.split(',').length;
  return everyFormat ? plain.filter((rendition) => rendition.format === 'avif') : plain;
}

/** A tile's renditions as the app shows them: an AVIF-only list (`wallRenditionsListed`) stands for every format at those sizes. */
export function wallRenditionsShown(listed: readonly WallRendition[]): WallRendition[] {
  if (listed.length === 0 || listed.some((rendition) => rendition.format !== 'avif')) return [...listed];
  return WALL_RENDITION_FORMATS.flatMap((format) => listed.map(({ width, height }) => ({ width, height, format })));
}
