import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithIntl } from '../../i18n/test-utils';
import { seedProgramme } from '../../test-fixtures';
import type { Uploader } from './uploader';
import { UploadPanel } from './UploadPage';

const programme = seedProgramme();
const idle: Uploader = { start: () => ({ pause() {}, resume() {}, cancel() {} }), watch: () => () => {} };
const set = programme.performances[5]!;
const artist = programme.artists.get(set.artistId)!.name;
const stage = programme.stages.find((candidate) => candidate.id === set.stageId)!.name;

describe('the upload set picker', () => {
  it('starts on the suggested set playing now, and is a labelled combobox', () => {
    window.history.replaceState(null, '', '/upload');
    renderWithIntl(<UploadPanel uploader={idle} programme={programme} suggested={set.id} />);
    const box = screen.getByRole('combobox', { name: 'Which set are these photos from?' });
    expect((box as HTMLInputElement).value).toContain(artist);
    expect(new URLSearchParams(window.location.search).get('performance')).toBe(set.id);
  });

  it('filters by what is typed, under day and stage headings, and takes the chosen set', async () => {
    window.history.replaceState(null, '', '/upload');
    renderWithIntl(<UploadPanel uploader={idle} programme={programme} />);
    const box = screen.getByRole('combobox', { name: 'Which set are these photos from?' });
    await userEvent.clear(box);
    await userEvent.type(box, artist);
    const list = screen.getByRole('listbox');
    const options = within(list).getAllByRole('option');
    expect(options.length).toBeGreaterThan(0);
    expect(options.length).toBeLessThan(10);
    expect(within(list).getAllByRole('group').some((group) => group.getAttribute('aria-labelledby') && group.textContent!.includes(stage))).toBe(true);
    await userEvent.click(options.find((option) => option.textContent!.includes(artist))!);
    expect(new URLSearchParams(window.location.search).get('performance')).toBeTruthy();
  }, 30_000);

  it('keeps “Not from one set” when nothing is suggested', () => {
    window.history.replaceState(null, '', '/upload');
    renderWithIntl(<UploadPanel uploader={idle} programme={programme} />, { locale: 'nl' });
    const box = screen.getByRole('combobox', { name: 'Van welke set zijn deze foto\u2019s?'.replace('\u2019', "'") });
    expect((box as HTMLInputElement).value).toBe('Niet van één set (we raden het aan de opnametijd)');
    expect(window.location.search).toBe('');
  });
});
