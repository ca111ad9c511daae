/** @encore/model: the festival data contract and the pure logic web and functions share. */
export * from './schemas/common.js';
export * from './schemas/festival.js';
export * from './schemas/artist-links.js';
export * from './schemas/media.js';
export * from './schemas/venue.js';
export * from './schemas/user.js';
export * from './schemas/photos.js';
export * from './schemas/stats.js';
export * from './schemas/moderation.js';
export * from './schemas/backend.js';
export * from './paths.js';
export * from './ids.js';
export * from './time/festival-days.js';
export * from './programme/now-next.js';
export * from './schedule/clashes.js';
export * from './events/index.js';
