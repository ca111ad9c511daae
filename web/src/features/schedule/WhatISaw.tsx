import type { StageWalk } from '@encore/model';
import { useMemo } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link } from 'wouter';
import type { Programme } from '../../festival/programme';
import { EmptyState } from '../../ui/EmptyState';
import type { FavoriteProps } from '../programme/SetCard';
import { useMyPhotos } from './api/my-photos';
import { MyPhotosOfSet } from './MyPhotosOfSet';
import { myPhotosBySet } from './saw';
import { ScheduleView } from './ScheduleView';

/**
 * My schedule once the festival is over (or archived): the sets the person marked that
 * happened (`seen`), by day, each with the photos they took of it. A chunk of its own, loaded
 * only then, with the Firestore SDK its photo query needs; offline, the SDK's cache answers
 * the query and the service worker the photos seen before (the same caches as the wall).
 */
export default function WhatISaw({ programme, seen, uid, now, walk, favorites }: { programme: Programme; seen: ReadonlySet<string>; uid: string | null; now: Date; walk: StageWalk; favorites: FavoriteProps }) {
  const photos = useMyPhotos(programme.festivalId, seen.size > 0 ? uid : null);
  const bySet = useMemo(() => myPhotosBySet(photos.data, seen), [photos.data, seen]);
  if (seen.size === 0) {
    return (
      <EmptyState
        icon="schedule"
        title={<FormattedMessage id="schedule.saw.emptyTitle" defaultMessage="No sets marked" />}
        action={
          <Link to="/" className="button">
            <FormattedMessage id="schedule.saw.browse" defaultMessage="Look back at the programme" />
          </Link>
        }
      >
        <FormattedMessage id="schedule.saw.empty" defaultMessage="{festival} is over, and none of the sets that took place was in your schedule." values={{ festival: programme.festival.name }} />
      </EmptyState>
    );
  }
  return (
    <>
      {photos.status === 'error' ? (
        <p className="notice notice-warn">
          <FormattedMessage id="schedule.saw.photosFailed" defaultMessage="Your photos could not be loaded. Your sets are all here." />
        </p>
      ) : null}
      <ScheduleView
        programme={programme}
        performanceIds={seen}
        now={now}
        walk={walk}
        advise={false}
        favorites={favorites}
        below={(set) => <MyPhotosOfSet photos={bySet.get(set.id) ?? []} artistName={programme.artists.get(set.artistId)?.name ?? set.artistId} />}
      />
    </>
  );
}
