/** Messages the backend writes for people, in every language Encore speaks (see catalog.ts). */
export * from './catalog.js';
export * from './format.js';
export * from './notices.js';
