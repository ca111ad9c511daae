import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PerformanceDoc } from '../../festival/programme';
import { renderWithIntl } from '../../i18n/test-utils';
import { seedProgramme } from '../../test-fixtures';
import { photoFixture } from '../photos/photo-fixtures';
import type { PhotoDoc } from '../photos/photo-types';
import { myPhotosBySet, setsSeen } from './saw';
import WhatISaw from './WhatISaw';

/** What the photo query answers (the person's own photos of the festival), and for whom it was asked. */
let myPhotos: PhotoDoc[] = [];
const askedFor: Array<string | null> = [];
vi.mock('./api/my-photos', () => ({
  useMyPhotos: (_festivalId: string, uid: string | null) => {
    askedFor.push(uid);
    return { data: uid ? myPhotos : [], status: 'ready', error: null, fromCache: false, hasPendingWrites: false, pendingIds: new Set(), invalid: [] };
  },
}));

const programme = seedProgramme();
const after = new Date('2026-08-20T12:00:00Z');
const playing = programme.performances.filter((set) => set.status !== 'cancelled');
const friday = playing.find((set) => set.startsAt.toISOString().startsWith('2026-08-14'))!;
const sunday = playing.find((set) => set.startsAt.toISOString().startsWith('2026-08-16'))!;
const cancelled: PerformanceDoc = { ...sunday, id: 'cancelled-on-sunday', status: 'cancelled' };
const name = (set: PerformanceDoc) => programme.artists.get(set.artistId)!.name;
const hearts = (ids: string[]) => ({ ids: new Set(ids), pendingIds: new Set<string>(), onToggle: vi.fn(), priorities: new Map([[friday.id, 'must' as const]]), onPriority: vi.fn() });

beforeEach(() => {
  myPhotos = [];
  askedFor.length = 0;
});

describe('setsSeen and myPhotosBySet', () => {
  it('keeps the marked sets that took place: not cancelled, started by now', () => {
    expect([...setsSeen([friday, sunday, cancelled], after)].sort()).toEqual([friday.id, sunday.id].sort());
    expect([...setsSeen([friday, sunday], new Date(friday.startsAt.getTime() + 60_000))]).toEqual([friday.id]);
  });

  it("groups one's ready photos by set in the order taken, leaving out other sets, no set, and photos not ready", () => {
    const photos = [
      photoFixture({ id: 'late', performanceId: friday.id, capturedAt: new Date('2026-08-14T22:00:00Z') }),
      photoFixture({ id: 'early', performanceId: friday.id, capturedAt: null, createdAt: new Date('2026-08-14T21:00:00Z') }),
      photoFixture({ id: 'hidden', performanceId: friday.id, status: 'hidden' }),
      photoFixture({ id: 'elsewhere', performanceId: sunday.id }),
      photoFixture({ id: 'loose', performanceId: null }),
    ];
    const bySet = myPhotosBySet(photos, new Set([friday.id]));
    expect([...bySet.keys()]).toEqual([friday.id]);
    expect(bySet.get(friday.id)!.map((photo) => photo.id)).toEqual(['early', 'late']);
  });
});

describe('What I saw', () => {
  it('lists the sets one saw by day, each with the photos one took of it, and no planning controls', () => {
    myPhotos = [photoFixture({ id: 'p1', uploaderUid: 'vera', performanceId: friday.id }), photoFixture({ id: 'p2', uploaderUid: 'vera', performanceId: friday.id })];
    renderWithIntl(<WhatISaw programme={programme} seen={new Set([friday.id, sunday.id])} uid="vera" now={after} walk={() => null} favorites={hearts([friday.id, sunday.id])} />);
    expect(askedFor).toContain('vera');
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toHaveLength(2);
    const photos = screen.getByRole('list', { name: `Your photos of ${name(friday)}` });
    expect(within(photos).getAllByRole('img').map((image) => image.getAttribute('alt'))).toEqual([`Your photo 1 of ${name(friday)}`, `Your photo 2 of ${name(friday)}`]);
    expect(screen.queryByRole('list', { name: `Your photos of ${name(sunday)}` })).toBeNull();
    expect(screen.queryAllByRole('button')).toEqual([]);
    expect(screen.getByText('Must-see')).toBeTruthy();
  });

  it('says so when none of the marked sets took place, without asking for photos', () => {
    renderWithIntl(<WhatISaw programme={programme} seen={new Set()} uid="vera" now={after} walk={() => null} favorites={hearts([cancelled.id])} />);
    expect(screen.getByText('No sets marked')).toBeTruthy();
    expect(askedFor).toEqual([null]);
  });

  it('speaks Dutch', () => {
    myPhotos = [photoFixture({ id: 'p1', uploaderUid: 'vera', performanceId: friday.id })];
    renderWithIntl(<WhatISaw programme={programme} seen={new Set([friday.id])} uid="vera" now={after} walk={() => null} favorites={hearts([friday.id])} />, { locale: 'nl' });
    expect(screen.getByRole('list', { name: `Jouw foto's van ${name(friday)}` })).toBeTruthy();
    expect(screen.getByText('Moet zien')).toBeTruthy();
  });
});
