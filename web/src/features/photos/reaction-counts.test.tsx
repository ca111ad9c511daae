import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithIntl } from '../../i18n/test-utils';
import { attributionOf } from './photo-attribution';
import { photoFixture } from './photo-fixtures';
import { PhotoWallView } from './PhotoWallView';
import { publishedCounts, shownCounts, withOwnChange } from './reaction-counts';

const at = new Date('2026-08-15T20:00:00Z');

describe('reaction counts on the wall', () => {
  it('come from live/photos for the newest photos and from the photo itself for older ones', () => {
    const live = { reactions: { p1: { createdAt: at, love: 3, wow: 1 } } };
    expect(publishedCounts(live, { id: 'p1', reactions: { love: 9, fire: 9, clap: 9, wow: 9 } })).toEqual({ love: 3, fire: 0, clap: 0, wow: 1 });
    expect(publishedCounts(live, { id: 'old', reactions: { love: 0, fire: 2, clap: 0, wow: 0 } })).toEqual({ love: 0, fire: 2, clap: 0, wow: 0 });
    expect(publishedCounts(null, { id: 'none' })).toEqual({ love: 0, fire: 0, clap: 0, wow: 0 });
  });

  it('show the person’s own change at once, until a newer publication for the photo arrives', () => {
    const published = { love: 3, fire: 0, clap: 0, wow: 1 };
    const loved = withOwnChange(undefined, published, undefined, 'fire');
    expect(shownCounts(published, loved)).toEqual({ love: 3, fire: 1, clap: 0, wow: 1 });
    // Changed their mind to wow, then took it back: nothing of theirs is left.
    const changed = withOwnChange(loved, published, 'fire', 'wow');
    expect(shownCounts(published, changed)).toEqual({ love: 3, fire: 0, clap: 0, wow: 2 });
    expect(shownCounts(published, withOwnChange(changed, published, 'wow', undefined))).toEqual(published);
    // The publication that carries the change replaces it.
    const next = { love: 3, fire: 0, clap: 0, wow: 2 };
    expect(shownCounts(next, changed)).toEqual(next);
  });

  it('shows one badge per kind on a tile, read out with their names', () => {
    const photos = [photoFixture({ id: 'p1' }), photoFixture({ id: 'p2' })];
    renderWithIntl(
      <PhotoWallView photos={photos} now={new Date('2026-08-15T20:00:00Z')} describe={() => 'Festival photo'} attribute={(photo) => attributionOf(photo, null)} onOpen={vi.fn()}
        countsOf={(photo) => (photo.id === 'p1' ? { love: 3, fire: 1, clap: 0, wow: 0 } : { love: 0, fire: 0, clap: 0, wow: 0 })} />,
    );
    const [first, second] = screen.getAllByRole('button');
    expect(within(first!).getByText('Reactions: 3 Love and 1 Fire')).toBeTruthy();
    expect(within(first!).getByText('❤️ 3')).toBeTruthy();
    expect(within(first!).getByText('🔥 1')).toBeTruthy();
    expect(within(second!).queryByText(/Reactions/)).toBeNull();
  });
});
