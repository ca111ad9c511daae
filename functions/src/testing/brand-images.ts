import type { MediaImage } from '@encore/model';

/** A festival's app icon and logo as the pipeline records them (`festivals/zomer/brand/{icon|logo}`'s `image`), for the first page's and the manifest's tests. */
const AT = new Date('2026-08-01T10:00:00Z');
export const brandFolder = (image: string) => `media/zomer/brand/${image}/u1`;

export const ICON: MediaImage = {
  uploadId: 'u1',
  width: 600,
  height: 600,
  renditions: [{ width: 192, height: 192, format: 'webp', path: `${brandFolder('icon')}/192.webp`, bytes: 900 }],
  icons: [
    { purpose: 'apple-touch', size: 180, path: `${brandFolder('icon')}/apple-touch-180.png`, bytes: 4000 },
    { purpose: 'any', size: 192, path: `${brandFolder('icon')}/any-192.png`, bytes: 4200 },
    { purpose: 'any', size: 512, path: `${brandFolder('icon')}/any-512.png`, bytes: 9000 },
    { purpose: 'maskable', size: 512, path: `${brandFolder('icon')}/maskable-512.png`, bytes: 8000 },
  ],
  dominantColor: '#112233',
  placeholder: 'x',
  updatedAt: AT,
};

export const LOGO: MediaImage = {
  uploadId: 'u1',
  width: 1200,
  height: 300,
  renditions: [160, 320, 640].flatMap((width) =>
    (['avif', 'jpeg', 'webp'] as const).map((format) => ({ width, height: width / 4, format, path: `${brandFolder('logo')}/${width}.${format === 'jpeg' ? 'jpg' : format}`, bytes: 1000 })),
  ),
  dominantColor: '#112233',
  placeholder: 'x',
  updatedAt: AT,
};

