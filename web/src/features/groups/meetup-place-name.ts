import type { MeetupPlace } from '@encore/model';
import type { IntlShape } from 'react-intl';

/** What a meet-up place is called: its label, or "a point on the map" for a free point its member left unnamed. */
export function meetupPlaceName(intl: IntlShape, place: MeetupPlace): string {
  return place.label ?? intl.formatMessage({ id: 'groups.meetup.aPoint', defaultMessage: 'a point on the map' });
}
