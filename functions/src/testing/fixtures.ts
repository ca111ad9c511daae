import { deflateSync } from 'node:zlib';
import sharp from 'sharp';

/**
 * Test images, generated with sharp on the fly (never downloaded), including the
 * hostile ones the pipeline must refuse.
 */

/** A photo-like JPEG: a gradient, so encoders and the dominant colour have real work. */
export async function jpeg(width: number, height: number, options: { orientation?: number; exif?: sharp.Exif } = {}): Promise<Buffer> {
  const gradient = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const offset = (y * width + x) * 3;
      gradient[offset] = 200;
      gradient[offset + 1] = Math.round((x / width) * 120);
      gradient[offset + 2] = Math.round((y / height) * 80);
    }
  }
  let image = sharp(gradient, { raw: { width, height, channels: 3 } }).jpeg({ quality: 90 });
  if (options.orientation) image = image.withMetadata({ orientation: options.orientation });
  if (options.exif) image = image.withExif(options.exif);
  return image.toBuffer();
}

/** A JPEG carrying GPS coordinates and a capture time, turned a quarter (orientation 6). */
export function gpsTaggedJpeg(width = 640, height = 480, dateTimeOriginal = '2026:08:14 21:30:05'): Promise<Buffer> {
  return jpeg(width, height, {
    orientation: 6,
    exif: {
      IFD0: { Make: 'Encore test camera' },
      IFD2: { DateTimeOriginal: dateTimeOriginal },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '52/1 22/1 30/1', GPSLongitudeRef: 'E', GPSLongitude: '4/1 53/1 0/1' },
    },
  });
}

export const textNamedJpg = () => Buffer.from('This is not a photo, just text in a file called holiday.jpg\n'.repeat(20));

export async function truncatedJpeg(): Promise<Buffer> {
  const whole = await jpeg(800, 600);
  return whole.subarray(0, Math.floor(whole.length / 2));
}

export const emptyFile = () => Buffer.alloc(0);

export const svg = () =>
  Buffer.from('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><script>alert(1)</script><rect width="100" height="100"/></svg>');

/**
 * A decompression bomb: a 20000x20000 PNG (400 megapixels, 1.2 GB decoded) that is
 * about 1 MB on disk. sharp builds it lazily, a strip at a time, so making it is cheap
 * in memory (a few seconds of deflate).
 */
export function pngBomb(): Promise<Buffer> {
  return sharp({ create: { width: 20000, height: 20000, channels: 3, background: '#000000' }, limitInputPixels: false })
    .greyscale()
    .png({ compressionLevel: 1 })
    .toBuffer();
}

/**
 * The security review's bomb: an all-zero 8000x5000 greyscale PNG of about 39 KB, exactly at
 * the pixel limit, built by hand (deflate of the zero rows) so making it costs no decoding.
 */
export function zeroPngBomb(width = 8000, height = 5000): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(0, 9); // greyscale
  // Each row: filter byte 0, then `width` zero samples.
  const rows = deflateSync(Buffer.alloc((width + 1) * height), { level: 9 });
  return Buffer.concat([Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'), chunk('IHDR', header), chunk('IDAT', rows), chunk('IEND', Buffer.alloc(0))]);
}

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** An HEIC file's first bytes (an `ftyp` box with the `heic` brand): all a sniffer needs to see. */
export function heicHead(): Buffer {
  const box = Buffer.alloc(24);
  box.writeUInt32BE(24, 0);
  box.write('ftypheic', 4, 'latin1');
  box.writeUInt32BE(0, 12);
  box.write('mif1heic', 16, 'latin1');
  return Buffer.concat([box, Buffer.alloc(200)]);
}

export async function png(width: number, height: number, alpha = false): Promise<Buffer> {
  return sharp({ create: { width, height, channels: alpha ? 4 : 3, background: alpha ? { r: 10, g: 120, b: 200, alpha: 0.5 } : '#0a78c8' } }).png().toBuffer();
}

export async function gif(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#ff0000' } }).gif().toBuffer();
}

export async function webp(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#00ff00' } }).webp().toBuffer();
}

export async function avif(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#0000ff' } }).avif({ effort: 0 }).toBuffer();
}

export async function tiff(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#888888' } }).tiff().toBuffer();
}
