import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const HERE = dirname(fileURLToPath(import.meta.url));
const dutch = (area: string) => JSON.parse(readFileSync(join(HERE, '../../i18n/nl', `${area}.json`), 'utf8')) as Record<string, string>;
const nlPhotos = dutch('photos');
const nlStaff = dutch('staff');

/** Every message id the report and moderation UI defines, read from the sources. */
function messageIds(dir: string, files: (name: string) => boolean): string[] {
  const folder = join(HERE, dir);
  const ids = new Set<string>();
  for (const name of readdirSync(folder, { recursive: true }) as string[]) {
    if (!/\.tsx?$/.test(name) || name.includes('.test.') || !files(name)) continue;
    for (const match of readFileSync(`${folder}/${name}`, 'utf8').matchAll(/\bid[=:]\s*["']((?:photos|staff)\.[\w.]+)["']/g)) ids.add(match[1]!);
  }
  return [...ids].sort();
}

describe('Dutch messages', () => {
  it('translate every message of the photos feature, and nothing that is gone', () => {
    const ids = messageIds('./', () => true);
    expect(ids.length).toBeGreaterThan(20);
    expect(Object.keys(nlPhotos).sort()).toEqual(ids);
  });

  it('translate every message of the staff moderation view', () => {
    const ids = messageIds('../staff/', (name) => name.startsWith('Moderation'));
    expect(ids.length).toBeGreaterThan(15);
    // staff.json is shared with the other staff pages: only ours are checked here.
    expect(ids.filter((id) => !(id in nlStaff))).toEqual([]);
  });
});
