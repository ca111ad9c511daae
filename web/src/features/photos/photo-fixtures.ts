import type { PhotoDoc } from './photo-types';

/** A ready photo document as the pipeline writes it, for component tests. */
export function photoFixture(overrides: Partial<PhotoDoc> & { id: string }): PhotoDoc {
  return {
    uploaderUid: 'uploader-1',
    performanceId: null,
    status: 'ready',
    rejectReason: null,
    originalPath: `uploads/uploader-1/encore-2026/${overrides.id}`,
    width: 1600,
    height: 1200,
    thumbnails: [320, 800].flatMap((width) =>
      (['avif', 'webp', 'jpeg'] as const).map((format) => ({
        width,
        height: (width * 3) / 4,
        format,
        path: `photos/encore-2026/${overrides.id}/${width}.${format === 'jpeg' ? 'jpg' : format}`,
        bytes: 10_000,
      })),
    ),
    dominantColor: '#336699',
    placeholder: null,
    capturedAt: null,
    reportCount: 0,
    createdAt: new Date('2026-08-15T20:00:00Z'),
    updatedAt: new Date('2026-08-15T20:00:00Z'),
    ...overrides,
  };
}
