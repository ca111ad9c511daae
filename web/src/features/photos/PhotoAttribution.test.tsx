import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createIntl } from 'react-intl';
import { describe, expect, it, vi } from 'vitest';
import { renderWithIntl } from '../../i18n/test-utils';
import { seedProgramme } from '../../test-fixtures';
import { DeletePhotoConfirm } from './DeletePhotoButton';
import { attributionOf } from './photo-attribution';
import { photoFixture } from './photo-fixtures';
import { PhotoAttributionText, tileWhen } from './PhotoAttributionText';
import { PhotoWallView } from './PhotoWallView';

const programme = seedProgramme();
const englishIntl = () => createIntl({ locale: 'en-GB', defaultLocale: 'en-GB', messages: {} });
const performance = programme.performances[0]!;
const artist = programme.artists.get(performance.artistId)!.name;
const stage = programme.stages.find((candidate) => candidate.id === performance.stageId)!.name;

describe('photo attribution', () => {
  it('names the set, its stage, the capture time and the uploader’s chosen name', () => {
    const photo = photoFixture({ id: 'p1', performanceId: performance.id, capturedAt: new Date('2026-08-14T19:30:00Z'), uploaderName: 'Vera V.' });
    const attribution = attributionOf(photo, programme);
    expect(attribution).toMatchObject({ artist, stage, captured: true, uploaderName: 'Vera V.', timeZone: 'Europe/Amsterdam' });
    renderWithIntl(<PhotoAttributionText attribution={attribution} />);
    expect(screen.getByText(`${artist} · ${stage}`)).toBeTruthy();
    expect(screen.getByText('Taken Fri 14 Aug, 21:30 by Vera V.')).toBeTruthy();
  });

  it('falls back to the upload time and “a visitor”, in Dutch too', () => {
    const photo = photoFixture({ id: 'p2', createdAt: new Date('2026-08-15T20:05:00Z') });
    const attribution = attributionOf(photo, programme);
    expect(attribution).toMatchObject({ artist: null, stage: null, captured: false, uploaderName: null });
    renderWithIntl(<PhotoAttributionText attribution={attribution} />, { locale: 'nl' });
    expect(screen.getByText('Niet van één set')).toBeTruthy();
    expect(screen.getByText('Gedeeld za 15 aug, 22:05 door een bezoeker')).toBeTruthy();
  });

  it('is on every wall tile, as part of the tile’s name, with the day when it is not today', () => {
    const photos = [
      photoFixture({ id: 'p1', performanceId: performance.id, capturedAt: new Date('2026-08-14T19:30:00Z'), uploaderName: 'Vera V.' }),
      photoFixture({ id: 'p2' }),
    ];
    // Saturday 15 August, 23:00 in Amsterdam: the Friday photo says its day, Saturday's only its time.
    const saturdayNight = new Date('2026-08-15T21:00:00Z');
    renderWithIntl(<PhotoWallView photos={photos} now={saturdayNight} describe={() => 'Festival photo'} attribute={(photo) => attributionOf(photo, programme)} onOpen={vi.fn()} />);
    const [first, second] = screen.getAllByRole('button');
    expect(within(first!).getByText(`${artist} · ${stage}`)).toBeTruthy();
    expect(within(first!).getByText('Fri 21:30 · Vera V.')).toBeTruthy();
    expect(within(second!).getByText('22:00 · a visitor')).toBeTruthy();
  });

  it('says the day by the festival’s calendar, in Dutch too: just past midnight, yesterday evening’s photo has its day', () => {
    const photo = photoFixture({ id: 'p1', capturedAt: new Date('2026-08-15T21:50:00Z') });
    const attribution = attributionOf(photo, programme);
    const sundayJustAfterMidnight = new Date('2026-08-15T22:10:00Z');
    expect(tileWhen(englishIntl(), attribution, sundayJustAfterMidnight)).toBe('Sat 23:50');
    expect(tileWhen(englishIntl(), attribution, new Date('2026-08-15T21:55:00Z'))).toBe('23:50');
    renderWithIntl(<PhotoWallView photos={[photo]} now={sundayJustAfterMidnight} describe={() => 'Festivalfoto'} attribute={() => attribution} onOpen={vi.fn()} />, { locale: 'nl' });
    expect(screen.getByRole('button').textContent).toContain('za 23:50 · een bezoeker');
  });

  it('says neither "Not from one set" nor a time in the wrong zone while the programme has not loaded: only the uploader', () => {
    const photo = photoFixture({ id: 'p1', performanceId: performance.id, capturedAt: new Date('2026-08-14T19:30:00Z'), uploaderName: 'Vera V.' });
    const attribution = attributionOf(photo, null);
    expect(attribution.known).toBe(false);
    renderWithIntl(<PhotoWallView photos={[photo]} now={new Date('2026-08-14T20:00:00Z')} describe={() => 'Festival photo'} attribute={() => attribution} onOpen={vi.fn()} />);
    const tile = screen.getByRole('button');
    expect(tile.textContent).not.toContain('Not from one set');
    expect(tile.textContent).not.toMatch(/\d\d:\d\d/);
    expect(within(tile).getByText('Vera V.')).toBeTruthy();
  });

  it('never shows an email: only the uploaderName field is ever shown as a name', () => {
    const photo = photoFixture({ id: 'p3', uploaderUid: 'vera@example.com' });
    expect(attributionOf(photo, programme).uploaderName).toBeNull();
  });
});

describe('deleting one’s photo', () => {
  it('asks for confirmation first, and deletes only once confirmed', async () => {
    const onConfirm = vi.fn().mockResolvedValue(undefined);
    const onDeleted = vi.fn();
    renderWithIntl(<DeletePhotoConfirm onConfirm={onConfirm} onDeleted={onDeleted} />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete photo' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete this photo?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(onConfirm).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Delete photo' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onDeleted).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  }, 20_000);

  it('keeps the dialog open with the error when the deletion is refused, in Dutch', async () => {
    const onConfirm = vi.fn().mockRejectedValue(new Error('permission-denied'));
    renderWithIntl(<DeletePhotoConfirm onConfirm={onConfirm} />, { locale: 'nl' });
    await userEvent.click(screen.getByRole('button', { name: 'Foto verwijderen' }));
    await userEvent.click(within(screen.getByRole('alertdialog', { name: 'Deze foto verwijderen?' })).getByRole('button', { name: 'Verwijderen' }));
    expect(screen.getByRole('alertdialog')).toBeTruthy();
    expect(onConfirm).toHaveBeenCalledTimes(1);
  }, 20_000);
});
