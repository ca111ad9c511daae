import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithIntl } from '../../i18n/test-utils';
import { seedProgramme } from '../../test-fixtures';
import type { Uploader } from './uploader';
import { UploadPanel, type UploadPosition } from './UploadPage';

const programme = seedProgramme();
const idle: Uploader = { start: () => ({ pause() {}, resume() {}, cancel() {} }), watch: () => () => {} };
const set = programme.performances[5]!;
const artist = programme.artists.get(set.artistId)!.name;
const stage = programme.stages.find((candidate) => candidate.id === set.stageId)!.name;
const other = programme.performances[9]!;
const chosenSet = () => new URLSearchParams(window.location.search).get('performance');

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

  it('follows the suggestion while the person has not picked (their position arriving, the next set starting)', () => {
    window.history.replaceState(null, '', '/upload');
    const { rerender } = renderWithIntl(<UploadPanel uploader={idle} programme={programme} suggested={set.id} />);
    expect(chosenSet()).toBe(set.id);
    rerender(<UploadPanel uploader={idle} programme={programme} suggested={other.id} />);
    expect(chosenSet()).toBe(other.id);
  });

  it('keeps the set in the link the page opened with, whatever is suggested', () => {
    window.history.replaceState(null, '', `/upload?performance=${set.id}`);
    const { rerender } = renderWithIntl(<UploadPanel uploader={idle} programme={programme} suggested={other.id} />);
    rerender(<UploadPanel uploader={idle} programme={programme} suggested={programme.performances[12]!.id} />);
    expect(chosenSet()).toBe(set.id);
  });

  it('keeps what the person picked when the suggestion changes after', async () => {
    window.history.replaceState(null, '', '/upload');
    const { rerender } = renderWithIntl(<UploadPanel uploader={idle} programme={programme} suggested={other.id} />);
    const box = screen.getByRole('combobox', { name: 'Which set are these photos from?' });
    await userEvent.clear(box);
    await userEvent.type(box, artist);
    await userEvent.click(within(screen.getByRole('listbox')).getAllByRole('option').find((option) => option.textContent!.includes(artist))!);
    const picked = chosenSet();
    expect(picked).not.toBe(other.id);
    rerender(<UploadPanel uploader={idle} programme={programme} suggested={programme.performances[12]!.id} />);
    expect(chosenSet()).toBe(picked);
  }, 30_000);

  it('asks for the position only on a tap, and then lets the nearest stage’s set replace the one in the picker', async () => {
    window.history.replaceState(null, '', `/upload?performance=${set.id}`);
    const onStart = vi.fn();
    const panel = (state: UploadPosition['state'], suggested: string, nearestStage: string | null = null) => (
      <UploadPanel uploader={idle} programme={programme} suggested={suggested} position={{ state, nearestStage, onStart }} />
    );
    const { rerender } = renderWithIntl(panel({ status: 'off' }, set.id));
    expect(onStart).not.toHaveBeenCalled();
    expect(screen.getByRole('status').textContent).toBe('Suggests the set on the stage nearest to you. Your position stays on this phone: never stored, never sent.');
    await userEvent.click(screen.getByRole('button', { name: 'Use my position to find the set' }));
    expect(onStart).toHaveBeenCalledOnce();
    rerender(panel({ status: 'locating' }, set.id));
    expect(screen.getByRole('status').textContent).toBe('Finding your position…');
    expect(screen.queryByRole('button', { name: 'Use my position to find the set' })).toBeNull();
    const nearStage = programme.stages.find((candidate) => candidate.id === other.stageId)!.name;
    act(() => rerender(panel({ status: 'on', lat: 52.35, lng: 5.01, heading: null, accuracy: 10 }, other.id, nearStage)));
    expect(chosenSet()).toBe(other.id);
    expect(screen.getByRole('status').textContent).toBe(`Nearest stage: ${nearStage}.`);
  });

  it('says so when the position is refused, and offers the tap again', () => {
    window.history.replaceState(null, '', '/upload');
    renderWithIntl(<UploadPanel uploader={idle} programme={programme} position={{ state: { status: 'denied' }, nearestStage: null, onStart: () => {} }} />, { locale: 'nl' });
    expect(screen.getByRole('status').textContent).toBe('Encore mag je positie niet gebruiken. Kies hierboven de set.');
    expect(screen.getByRole('button', { name: 'Gebruik mijn positie om de set te vinden' })).toBeTruthy();
  });
});
