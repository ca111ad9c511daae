import { placeNames } from '@encore/model';
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import dutch from '../../i18n/nl/index';
import { seedProgramme } from '../../test-fixtures';
import { encore2026 } from '@encore/model/seed';
import { placeChoices } from './meetup-logic';
import { placeWords } from '../venue/place-words';

describe('the meet-up picker\'s places', () => {
  const programme = seedProgramme();
  const { markers } = encore2026().venueMap;
  const choicesIn = (intl: ReturnType<typeof createIntl>) => {
    const names = placeNames(markers, placeWords(intl, programme));
    return placeChoices(markers, (marker) => names.get(marker.id)!);
  };

  it('names every stage and facility of the seed once, the water points by their nearest stage, in English', () => {
    const choices = choicesIn(createIntl({ locale: 'en', defaultLocale: 'en' }));
    const labels = choices.map((choice) => choice.label);
    expect(choices).toHaveLength(markers.length);
    expect(new Set(labels.map((label) => label.toLowerCase())).size).toBe(labels.length);
    const water = choices.filter((choice) => choice.markerId.startsWith('water-')).map((choice) => choice.label);
    expect(water).toHaveLength(3);
    for (const label of water) expect(label).toMatch(/^Drinking water (by .+|\(\d\))/);
    // The place a meet-up stores carries the same name.
    for (const choice of choices) expect(choice.place.label).toBe(choice.label);
  });

  it('says it in Dutch too', () => {
    const choices = choicesIn(createIntl({ locale: 'nl', defaultLocale: 'en', messages: dutch }));
    const labels = choices.map((choice) => choice.label);
    expect(new Set(labels.map((label) => label.toLowerCase())).size).toBe(labels.length);
    const water = choices.filter((choice) => choice.markerId.startsWith('water-')).map((choice) => choice.label);
    for (const label of water) expect(label).toMatch(/^Drinkwater (bij .+|\(\d\))/);
  });
});
