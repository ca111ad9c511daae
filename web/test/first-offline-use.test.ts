import { describe, expect, it } from 'vitest';
import { filesForFirstOfflineUse, type ChunkInfo } from '../vite/first-offline-use';

const chunk = (fileName: string, source: string | null, links: Partial<Pick<ChunkInfo, 'imports' | 'dynamicImports' | 'css' | 'isEntry'>> = {}): ChunkInfo => ({
  fileName,
  isEntry: false,
  facadeModuleId: source,
  imports: [],
  dynamicImports: [],
  css: [],
  ...links,
});

const SRC = '/repo/web/src';
const build: ChunkInfo[] = [
  chunk('assets/index.js', `${SRC}/main.tsx`, { isEntry: true, imports: ['assets/react.js'], dynamicImports: ['assets/ProgrammePage.js', 'assets/MySchedulePage.js', 'assets/StaffPage.js', 'assets/firestore.js', 'assets/AccountPage.js', 'assets/nl.js'], css: ['assets/index.css'] }),
  chunk('assets/react.js', null),
  chunk('assets/firestore.js', `${SRC}/firebase/firestore.ts`, { imports: ['assets/webchannel.js'] }),
  chunk('assets/webchannel.js', null),
  chunk('assets/ProgrammePage.js', `${SRC}/features/programme/ProgrammePage.tsx`, { imports: ['assets/programme-sets.js'], dynamicImports: ['assets/FilterSheet.js'], css: ['assets/ProgrammePage.css'] }),
  chunk('assets/programme-sets.js', null),
  chunk('assets/FilterSheet.js', `${SRC}/features/programme/FilterSheet.tsx`),
  chunk('assets/StaffPage.js', `${SRC}/features/staff/StaffPage.tsx`, { imports: ['assets/staff-tools.js'], dynamicImports: ['assets/ImportPage.js'] }),
  chunk('assets/staff-tools.js', null),
  chunk('assets/ImportPage.js', `${SRC}/features/staff/ImportPage.tsx`),
  chunk('assets/nl.js', `${SRC}/i18n/nl/index.ts`),
  chunk('assets/MySchedulePage.js', `${SRC}/features/schedule/MySchedulePage.tsx`, { dynamicImports: ['assets/ics-export.js'] }),
  chunk('assets/ics-export.js', `${SRC}/features/schedule/ics-export.ts`),
  chunk('assets/AccountPage.js', `${SRC}/features/account/AccountPage.tsx`, { imports: ['assets/react.js'] }),
];

describe('filesForFirstOfflineUse', () => {
  const kept = filesForFirstOfflineUse(build);

  it('keeps the shell with its styles, the data SDK it loads later, and the offline pages with what they import', () => {
    for (const file of ['assets/index.js', 'assets/index.css', 'assets/react.js', 'assets/firestore.js', 'assets/webchannel.js', 'assets/ProgrammePage.js', 'assets/ProgrammePage.css', 'assets/programme-sets.js', 'assets/FilterSheet.js']) {
      expect(kept).toContain(file);
    }
  });

  it('leaves out other pages and what only they import, however deep', () => {
    for (const file of ['assets/StaffPage.js', 'assets/staff-tools.js', 'assets/ImportPage.js', 'assets/AccountPage.js']) expect(kept).not.toContain(file);
  });

  it('leaves the lazily loaded parts listed as on use to their first use, the Dutch messages among them', () => {
    expect(kept).toContain('assets/MySchedulePage.js');
    expect(kept).not.toContain('assets/ics-export.js');
    expect(kept).not.toContain('assets/nl.js');
  });

  it('keeps nothing without an entry', () => {
    expect(filesForFirstOfflineUse(build.map((one) => ({ ...one, isEntry: false })))).toEqual(new Set());
  });
});
