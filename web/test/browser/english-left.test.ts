// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { englishPatterns } from './english-left';

const patterns = englishPatterns();
const matches = (text: string) => patterns.filter(({ pattern }) => pattern.test(text)).map(({ id }) => id);

describe('the "no English left" detector the Dutch browser test relies on', () => {
  it('recognises English UI text, placeholders and plurals included', () => {
    expect(matches('Photo 1 of 6')).toContain('photos.lightbox.position');
    expect(matches('3 clashes in your schedule')).toContain('schedule.clashList.title');
    expect(matches('Programme')).toContain('ui.nav.programme');
    expect(matches('Favourite Zoë Lambert, 1 fan, waiting to sync')).toContain('favorites.button.name');
  });

  it('leaves Dutch text, words both languages share, and festival data alone', () => {
    expect(matches('Foto 1 van 6')).toEqual([]);
    expect(matches('3 botsingen in je schema')).toEqual([]);
    expect(matches('Online')).toEqual([]);
    expect(matches('Main Stage')).toEqual([]);
    expect(matches('Zoë Lambert')).toEqual([]);
  });
});
