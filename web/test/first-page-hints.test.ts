// @vitest-environment node
/**
 * The build's first-page hints (vite/first-page.ts): where the preconnect points, and which
 * chunks the programme's modulepreload names (its route chunk and what only it imports).
 */
import type { Rollup } from 'vite';
import { describe, expect, it } from 'vitest';
import { programmeBundlePath } from '@encore/model';
import { firestoreOrigin, programmeBundleHref, programmeChunks, programmeStylesheets } from '../vite/first-page';

const chunk = (fileName: string, options: { entry?: boolean; facade?: string; imports?: string[]; css?: string[] } = {}) =>
  ({ type: 'chunk', fileName, isEntry: options.entry ?? false, facadeModuleId: options.facade ?? null, imports: options.imports ?? [], viteMetadata: { importedCss: new Set(options.css ?? []) } }) as unknown as Rollup.OutputChunk;

describe('firestoreOrigin', () => {
  it('is the emulator on its configured host and port for local builds', () => {
    expect(firestoreOrigin({})).toBe('http://127.0.0.1:8080');
    expect(firestoreOrigin({ VITE_FIRESTORE_EMULATOR_PORT: '9080', VITE_EMULATOR_HOST: 'localhost' })).toBe('http://localhost:9080');
  });

  it('is Google\'s Firestore endpoint for a real project', () => {
    expect(firestoreOrigin({ VITE_FIREBASE_PROJECT_ID: 'encore-prod', VITE_FIRESTORE_EMULATOR_PORT: '9080' })).toBe('https://firestore.googleapis.com');
  });
});

describe('programmeBundleHref', () => {
  it("is the configured festival's bundle URL, as the app fetches it", () => {
    expect(programmeBundleHref({})).toBe(programmeBundlePath('encore-2026'));
    expect(programmeBundleHref({ VITE_FESTIVAL_ID: ' lowlands-2027 ' })).toBe(programmeBundlePath('lowlands-2027'));
  });
});

describe('programmeChunks', () => {
  it('names the route chunk and its own imports, not what the entry loads already', () => {
    const bundle = Object.fromEntries(
      [
        chunk('assets/index.js', { entry: true, imports: ['assets/react.js', 'assets/shared.js'] }),
        chunk('assets/react.js'),
        chunk('assets/shared.js'),
        chunk('assets/ProgrammePage.js', { facade: '/app/web/src/features/programme/ProgrammePage.tsx', imports: ['assets/SetCard.js', 'assets/shared.js'] }),
        chunk('assets/SetCard.js', { imports: ['assets/heart.js'] }),
        chunk('assets/heart.js'),
        chunk('assets/MapPage.js', { facade: '/app/web/src/features/venue/VenueMapPage.tsx', imports: ['assets/zoom.js'] }),
        chunk('assets/zoom.js'),
      ].map((item) => [item.fileName, item]),
    );
    expect(programmeChunks(bundle).sort()).toEqual(['assets/ProgrammePage.js', 'assets/SetCard.js', 'assets/heart.js']);
  });

  it("names the stylesheets of the programme's chunks, not the entry's", () => {
    const bundle = Object.fromEntries(
      [
        chunk('assets/index.js', { entry: true, css: ['assets/index.css'] }),
        chunk('assets/ProgrammePage.js', { facade: '/app/web/src/features/programme/ProgrammePage.tsx', imports: ['assets/SetCard.js'], css: ['assets/ProgrammePage.css', 'assets/index.css'] }),
        chunk('assets/SetCard.js', { css: ['assets/SetCard.css'] }),
        chunk('assets/MapPage.js', { facade: '/app/web/src/features/venue/VenueMapPage.tsx', css: ['assets/MapPage.css'] }),
      ].map((item) => [item.fileName, item]),
    );
    expect(programmeStylesheets(bundle).sort()).toEqual(['assets/ProgrammePage.css', 'assets/SetCard.css']);
  });

  it('names nothing when the build has no programme route', () => {
    expect(programmeChunks({ 'assets/index.js': chunk('assets/index.js', { entry: true }) })).toEqual([]);
  });
});
