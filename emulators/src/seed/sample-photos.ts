import sharp from 'sharp';

/**
 * Sample festival photos, drawn locally with sharp (no downloads): a gradient in the
 * stage's colour with the stage name, carrying the EXIF an uploader's phone would add,
 * GPS included, so the pipeline's metadata stripping has something real to strip.
 */

export interface SamplePhotoSpec {
  stageName: string;
  color: string;
  /** When the "camera" took it: written as EXIF DateTimeOriginal with its UTC offset. */
  capturedAt: Date;
  /** The festival's UTC offset at that moment, e.g. "+02:00". */
  utcOffset: string;
  width?: number;
  height?: number;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** EXIF wants local wall-clock time as "YYYY:MM:DD HH:MM:SS". */
function exifDateTime(instant: Date, utcOffset: string): string {
  const sign = utcOffset.startsWith('-') ? -1 : 1;
  const [hours, minutes] = utcOffset.slice(1).split(':').map(Number) as [number, number];
  const local = new Date(instant.getTime() + sign * (hours * 60 + minutes) * 60_000);
  return local.toISOString().slice(0, 19).replace('T', ' ').replace(/-/g, ':');
}

export async function renderSamplePhoto(spec: SamplePhotoSpec): Promise<Buffer> {
  const width = spec.width ?? 1600;
  const height = spec.height ?? 1067;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${spec.color}"/><stop offset="1" stop-color="#141428"/>
    </linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <circle cx="${width * 0.5}" cy="${height * 0.4}" r="${height * 0.22}" fill="#ffffff" fill-opacity="0.18"/>
    <text x="${width / 2}" y="${height * 0.62}" text-anchor="middle" font-family="sans-serif" font-weight="bold"
      font-size="${Math.round(height * 0.09)}" fill="#ffffff">${escapeXml(spec.stageName)}</text>
  </svg>`;
  return sharp(Buffer.from(svg))
    .jpeg({ quality: 82, mozjpeg: true })
    .withExif({
      IFD0: { Make: 'Encore', Model: 'Seed Camera' },
      IFD2: { DateTimeOriginal: exifDateTime(spec.capturedAt, spec.utcOffset), OffsetTimeOriginal: spec.utcOffset },
      // Strandeiland, Amsterdam: the pipeline must remove this before anyone else sees the photo.
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '52/1 21/1 3600/100', GPSLongitudeRef: 'E', GPSLongitude: '4/1 59/1 0/1' },
    })
    .toBuffer();
}
