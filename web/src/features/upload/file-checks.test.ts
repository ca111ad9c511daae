import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { fileProblem, MAX_UPLOAD_BYTES } from './file-checks';

const file = (name: string, type: string, size: number) => ({ name, type, size });
const english = createIntl({ locale: 'en-GB', defaultLocale: 'en-GB' });
const problem = (input: ReturnType<typeof file>) => {
  const found = fileProblem(input);
  return found ? english.formatMessage(found.message, found.values) : null;
};

describe('fileProblem', () => {
  it('lets photos up to 20 MB through', () => {
    expect(fileProblem(file('a.jpg', 'image/jpeg', 1000))).toBeNull();
    expect(fileProblem(file('b.avif', 'image/avif', MAX_UPLOAD_BYTES))).toBeNull();
  });

  it('refuses empty, oversized, non-image and HEIC files with a next step', () => {
    expect(problem(file('a.jpg', 'image/jpeg', 0))).toMatch(/empty.*Pick the photo again/);
    expect(problem(file('big.png', 'image/png', MAX_UPLOAD_BYTES + 1))).toMatch(/20\.0 MB; photos can be at most 20 MB/);
    expect(problem(file('notes.txt', 'text/plain', 10))).toMatch(/not a photo.*Use JPEG/);
    expect(problem(file('logo.svg', 'image/svg+xml', 10))).toMatch(/not a photo/);
    expect(problem(file('IMG_1.HEIC', '', 10))).toMatch(/HEIC.*export it as JPEG/);
  });
});
