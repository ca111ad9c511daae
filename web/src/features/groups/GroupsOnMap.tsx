import type { Georeference } from '@encore/model';
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import type { Programme } from '../../festival/programme';
import { shortInstantLabel } from '../../time/format';
import { useAccount } from '../account/AccountContext';
import { positionOnPlan } from '../venue/find-place';
import { MapPin } from '../venue/SitePlan';
import { unexpired } from './meetup-logic';
import { meetupPlaceName } from './meetup-place-name';
import { serverNow } from './server-clock';
import { useGroup, useGroupLocations, useMyGroups } from './use-groups';
import './groups.css';

/**
 * On the venue map: the meet-up point of each of the person's groups, and (when the plan is
 * placed on the earth) the positions members share with them now. One listener on the
 * person's own group list, then one per group: bounded by the 5 groups a person may have.
 */
export function GroupsOnMap({ programme, georeference }: { programme: Programme; georeference: Georeference | undefined }) {
  const { account } = useAccount();
  const groups = useMyGroups(account?.uid);
  return (
    <>
      {groups.data.map((entry) => (
        <GroupOnMap key={entry.id} groupId={entry.id} memberId={entry.memberId} programme={programme} georeference={georeference} />
      ))}
    </>
  );
}

function GroupOnMap({ groupId, memberId, programme, georeference }: { groupId: string; memberId: string; programme: Programme; georeference: Georeference | undefined }) {
  const intl = useIntl();
  const group = useGroup(groupId).data;
  const locations = useGroupLocations(groupId, memberId);
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    const timer = setInterval(() => setNow(serverNow()), 10_000);
    return () => clearInterval(timer);
  }, []);
  if (!group) return null;
  const meetup = group.meetup;
  const shared = georeference ? unexpired(locations.data, now).filter((location) => location.id !== memberId) : [];
  return (
    <>
      {meetup ? (
        <MapPin point={meetup.place} className="map-pin-meetup">
          <span
            className="map-meetup"
            role="img"
            aria-label={intl.formatMessage(
              { id: 'groups.map.meetup', defaultMessage: 'Meet-up point of {group}: {place}, {time}' },
              { group: group.name, place: meetupPlaceName(intl, meetup.place), time: shortInstantLabel(intl, meetup.at, programme.festival) },
            )}
          >
            ★
          </span>
        </MapPin>
      ) : null}
      {shared.map((location) => {
        const here = positionOnPlan(georeference!, { lat: location.lat, lng: location.lng });
        if (!here.onPlan) return null;
        const name = group.members.find((member) => member.memberId === location.id)?.displayName ?? '?';
        return (
          <MapPin key={location.id} point={here.point} className="map-pin-meetup">
            <span className="map-friend" role="img" aria-label={intl.formatMessage({ id: 'groups.map.friend', defaultMessage: '{name} is here' }, { name })}>
              {name.slice(0, 1).toUpperCase()}
            </span>
          </MapPin>
        );
      })}
    </>
  );
}
