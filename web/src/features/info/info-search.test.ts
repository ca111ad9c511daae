import { encore2026 } from '@encore/model/seed';
import { describe, expect, it } from 'vitest';
import { searchInfoPages } from './info-search';

const pages = encore2026().infoPages.map((page) => ({ id: page.id, ...page.data, updatedAt: new Date(0) }));

describe('searchInfoPages', () => {
  it('finds pages with every word, title matches first, with a snippet of the body', () => {
    const hits = searchInfoPages(pages, 'lockers', 'en');
    expect(hits[0]).toMatchObject({ id: 'lockers', title: 'Lockers' });
    expect(searchInfoPages(pages, 'tram 26', 'en').map((hit) => hit.id)).toEqual(['transport']);
    expect(searchInfoPages(pages, 'tram 26', 'en')[0]!.snippet).toContain('Take tram 26');
  });

  it('searches in the reader’s language, ignoring case and accents, and the other language where theirs is empty', () => {
    expect(searchInfoPages(pages, 'KLUISJES', 'nl')[0]!.id).toBe('lockers');
    expect(searchInfoPages(pages, 'hand it in', 'nl').map((hit) => hit.id)).toEqual(['lost-property']);
    expect(searchInfoPages(pages, 'cafe', 'en')).toEqual([]);
  });

  it('finds nothing for an empty query or a word no page has', () => {
    expect(searchInfoPages(pages, '  ', 'en')).toEqual([]);
    expect(searchInfoPages(pages, 'helicopter', 'en')).toEqual([]);
  });
});
