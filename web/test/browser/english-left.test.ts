// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { englishPatterns } from './english-left';

const patterns = englishPatterns();
const matches = (text: string) => patterns.filter(({ pattern }) => pattern.test(text)).map(({ id }) => id);

describe('the "no English left" detector the Dutch browser test relies on', () => {
  it('recognises English UI text, placeholders and plurals included', () => {
    expect(matches('Photo 1 of 6')).toContain('photos.lightbox.position');
    expect(matches('Clash, 21:10–22:35: these 3 sets overlap.')).toContain('schedule.clashNote.title');
    expect(matches('Programme')).toContain('ui.nav.programme');
    expect(matches('Favourite Zoë Lambert, 1 fan, waiting to sync')).toContain('favorites.button.name');
  });

  it('leaves Dutch text, words both languages share, and festival data alone', () => {
    expect(matches('Foto 1 van 6')).toEqual([]);
    expect(matches('Botsing, 21:10–22:35: deze 3 sets overlappen.')).toEqual([]);
    expect(matches('Online')).toEqual([]);
    expect(matches('Main Stage')).toEqual([]);
    expect(matches('Zoë Lambert')).toEqual([]);
  });
});
