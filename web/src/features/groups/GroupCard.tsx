import { LOCATION_SHARE_MINUTES, MEETUP_POINT_LABEL_MAX, type LocationShareMinutes, meetupPlaceSchema, placeNames, type MapPoint, type VenueMap } from '@encore/model';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import type { Programme } from '../../festival/programme';
import { dayLabel, shortInstantLabel } from '../../time/format';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { useFriendPlans } from '../friends/FriendPlansContext';
import { describeGroupError } from './group-errors';
import { meetupPlaceName } from './meetup-place-name';
import { FREE_POINT, freePointPlace, MEETUP_MAX_AHEAD_MS, meetupDays, meetupInstantFor, placeChoices, positionAudience, unexpired } from './meetup-logic';
import { placeWords } from '../venue/place-words';
import { serverNow } from './server-clock';
import { useGroup, useGroupLocations } from './use-groups';
import { useLocationShare } from './use-location-share';

const loadApi = () => import('./groups-api');
/** The plan to pick a free point on: loaded only when a member chooses "a point on the map". */
const PointPicker = lazy(() => import('./PointPicker'));
const NONE_HIDDEN: readonly string[] = [];

/** One group: its members, its meet-up point (set by any member) and who shares their position now. */
export function GroupCard({
  groupId,
  memberId,
  hiddenFrom = NONE_HIDDEN,
  programme,
  venueMap,
}: {
  groupId: string;
  memberId: string;
  /** Members this person and they no longer see each other's position (a friendship between them ended). */
  hiddenFrom?: readonly string[];
  programme: Programme;
  venueMap: VenueMap | null;
}) {
  const intl = useIntl();
  const group = useGroup(groupId);
  const [failure, setFailure] = useState<unknown>(null);
  const data = group.data;
  if (!data) return group.status === 'error' ? <ErrorNotice error={group.error} /> : null;
  const nameOf = (id: string) => data.members.find((member) => member.memberId === id)?.displayName;
  const headingId = `group-${groupId}`;
  const leave = async () => {
    setFailure(null);
    try {
      await (await loadApi()).leaveGroup(groupId);
    } catch (caught) {
      setFailure(caught);
    }
  };
  return (
    <section className="panel" aria-labelledby={headingId} data-testid="group">
      <h2 id={headingId}>{data.name}</h2>
      <p className="muted">
        <FormattedMessage id="groups.card.members" defaultMessage="Members: {names}" values={{ names: intl.formatList(data.members.map((member) => member.displayName)) }} />
      </p>
      {failure ? <ErrorNotice error={failure} describe={describeGroupError} /> : null}
      <h3>
        <FormattedMessage id="groups.meetup.title" defaultMessage="Meet-up point" />
      </h3>
      {data.meetup ? (
        <p data-testid="meetup">
          <strong>
            <FormattedMessage
              id="groups.meetup.where"
              defaultMessage="Meet at {place}, {time}"
              values={{ place: meetupPlaceName(intl, data.meetup.place), time: shortInstantLabel(intl, data.meetup.at, programme.festival) }}
            />
          </strong>{' '}
          <span className="muted">
            <FormattedMessage id="groups.meetup.setBy" defaultMessage="(set by {name})" values={{ name: nameOf(data.meetup.setBy) ?? intl.formatMessage({ id: 'groups.meetup.formerMember', defaultMessage: 'a former member' }) }} />
          </span>{' '}
          <Link to="/map">
            <FormattedMessage id="groups.meetup.onMap" defaultMessage="See it on the map" />
          </Link>
        </p>
      ) : (
        <p className="muted">
          <FormattedMessage id="groups.meetup.none" defaultMessage="No meet-up point yet." />
        </p>
      )}
      <MeetupForm groupId={groupId} memberId={memberId} programme={programme} venueMap={venueMap} />
      <h3>
        <FormattedMessage id="groups.location.title" defaultMessage="Live position" />
      </h3>
      <LiveLocations groupId={groupId} memberId={memberId} audience={positionAudience(data.members, hiddenFrom)} nameOf={nameOf} programme={programme} />
      {hiddenFrom.length > 0 ? (
        <p className="field-hint" data-testid="positions-hidden">
          <FormattedMessage
            id="groups.location.hidden"
            defaultMessage="You and {names} no longer see each other's position here: you are no longer friends. Your names and the meet-up point stay shared with the whole group; leave the group to share nothing more."
            values={{ names: intl.formatList(hiddenFrom.map((id) => nameOf(id) ?? intl.formatMessage({ id: 'groups.meetup.formerMember', defaultMessage: 'a former member' }))) }}
          />
        </p>
      ) : null}
      <AddMember groupId={groupId} />
      <button type="button" className="button button-secondary button-small" onClick={() => void leave()}>
        <FormattedMessage id="groups.card.leave" defaultMessage="Leave {group}" values={{ group: data.name }} />
      </button>
    </section>
  );
}

function MeetupForm({ groupId, memberId, programme, venueMap }: { groupId: string; memberId: string; programme: Programme; venueMap: VenueMap | null }) {
  const intl = useIntl();
  const markers = venueMap?.markers;
  // Every place by a name no other has, in the reader's language ("Toilets by Main Stage"), as the map names them.
  const choices = useMemo(() => {
    const names = placeNames(markers ?? [], placeWords(intl, programme));
    return placeChoices(markers ?? [], (marker) => names.get(marker.id)!);
  }, [markers, programme, intl]);
  // A marker's id, FREE_POINT (a point picked on the plan), or '' (nothing picked yet).
  const [markerId, setMarkerId] = useState('');
  // A free point starts in the middle of the plan, so the keyboard has a star to move at once.
  const [point, setPoint] = useState<MapPoint>({ x: 0.5, y: 0.5 });
  const [pointLabel, setPointLabel] = useState('');
  // Today's festival day first, and chosen (a meet-up is most often for later today), then the festival's days to come.
  const [days] = useState(() => meetupDays(programme.festival, new Date()));
  const [day, setDay] = useState(days[0]!);
  const [time, setTime] = useState('');
  const [failure, setFailure] = useState<unknown>(null);
  const [problem, setProblem] = useState<'incomplete' | 'label' | 'past' | 'tooFar' | null>(null);
  const placeId = `meetup-place-${groupId}`;
  const dayId = `meetup-day-${groupId}`;
  const timeId = `meetup-time-${groupId}`;
  const labelId = `meetup-label-${groupId}`;
  const labelHintId = `${labelId}-hint`;
  const submit = () => {
    setFailure(null);
    const place = markerId === FREE_POINT ? freePointPlace(point, pointLabel) : choices.find((candidate) => candidate.markerId === markerId)?.place;
    const at = meetupInstantFor(day, time, programme.festival, new Date());
    if (!place || !at) return setProblem('incomplete');
    // The rules' window for `at` (a day back, three ahead), said here rather than refused there.
    const now = Date.now();
    if (at.getTime() <= now - 60 * 60 * 1000) return setProblem('past');
    if (at.getTime() >= now + MEETUP_MAX_AHEAD_MS) return setProblem('tooFar');
    // The same check as the rules', so a refused write is explained here rather than failing silently on the server.
    if (!meetupPlaceSchema.safeParse(place).success) return setProblem('label');
    setProblem(null);
    // Not awaited: offline the write waits on this device and the card shows it at once from the cache.
    void loadApi()
      .then((api) => api.setMeetup(groupId, memberId, place, at))
      .catch(setFailure);
  };
  return (
    <form
      className="meetup-form"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <div className="field">
        <label htmlFor={placeId}>
          <FormattedMessage id="groups.meetup.place" defaultMessage="Where (a stage or a place on the map)" />
        </label>
        <select id={placeId} value={markerId} onChange={(event) => setMarkerId(event.target.value)} required>
          <option value="">{intl.formatMessage({ id: 'groups.meetup.pickPlace', defaultMessage: 'Pick a place' })}</option>
          {venueMap ? <option value={FREE_POINT}>{intl.formatMessage({ id: 'groups.meetup.freePoint', defaultMessage: 'A point on the map' })}</option> : null}
          {choices.map((choice) => (
            <option key={choice.markerId} value={choice.markerId}>
              {choice.label}
            </option>
          ))}
        </select>
      </div>
      {markerId === FREE_POINT && venueMap ? (
        <>
          <Suspense fallback={null}>
            <PointPicker map={venueMap} choices={choices} point={point} onChange={setPoint} />
          </Suspense>
          <div className="field">
            <label htmlFor={labelId}>
              <FormattedMessage id="groups.meetup.pointLabel" defaultMessage="What to call it (optional)" />
            </label>
            <input id={labelId} type="text" value={pointLabel} onChange={(event) => setPointLabel(event.target.value)} maxLength={MEETUP_POINT_LABEL_MAX} aria-describedby={labelHintId} />
            <p id={labelHintId} className="field-hint">
              <FormattedMessage
                id="groups.meetup.pointLabelHint"
                defaultMessage="For example: the big tree. At most {max} characters; without a name, the group sees “a point on the map”."
                values={{ max: MEETUP_POINT_LABEL_MAX }}
              />
            </p>
          </div>
        </>
      ) : null}
      <div className="field">
        <label htmlFor={dayId}>
          <FormattedMessage id="groups.meetup.day" defaultMessage="Day" />
        </label>
        <select id={dayId} value={day} onChange={(event) => setDay(event.target.value)} required>
          {days.map((date) => (
            <option key={date} value={date}>
              {dayLabel(intl, date)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={timeId}>
          <FormattedMessage id="groups.meetup.time" defaultMessage="When (festival time)" />
        </label>
        <input id={timeId} type="time" value={time} onChange={(event) => setTime(event.target.value)} required />
      </div>
      {problem ? (
        <p className="field-error" role="alert">
          {problem === 'label' ? (
            <FormattedMessage id="groups.meetup.badLabel" defaultMessage="Call the point in at most {max} characters, or leave the name empty." values={{ max: MEETUP_POINT_LABEL_MAX }} />
          ) : problem === 'past' ? (
            <FormattedMessage id="groups.meetup.past" defaultMessage="That time has passed: pick a later day or time." />
          ) : problem === 'tooFar' ? (
            <FormattedMessage id="groups.meetup.tooFar" defaultMessage="A meet-up can be set up to three days ahead: pick an earlier day." />
          ) : (
            <FormattedMessage id="groups.meetup.incomplete" defaultMessage="Pick a place, a day and a time." />
          )}
        </p>
      ) : null}
      {failure ? <ErrorNotice error={failure} describe={describeGroupError} /> : null}
      <button type="submit" className="button">
        <FormattedMessage id="groups.meetup.set" defaultMessage="Set the meet-up point" />
      </button>
    </form>
  );
}

/**
 * Who shares their position now (until when), and one's own share: the Geolocation API is
 * asked only after the person taps, and the position goes to this group only, for the minutes
 * they chose. Each update overwrites the last: no history is kept anywhere.
 */
function LiveLocations({
  groupId,
  memberId,
  audience,
  nameOf,
  programme,
}: {
  groupId: string;
  memberId: string;
  /** Who may read this person's position (`visibleTo`): the group, less those hidden from them. */
  audience: readonly string[];
  nameOf: (id: string) => string | undefined;
  programme: Programme;
}) {
  const intl = useIntl();
  const locations = useGroupLocations(groupId, memberId);
  const { share, status, start, stop } = useLocationShare(groupId, memberId, audience);
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    const timer = setInterval(() => setNow(serverNow()), 10_000);
    return () => clearInterval(timer);
  }, []);
  // One's own share is told from one's own document (useLocationShare), the others' from the query.
  const others = unexpired(locations.data, now).filter((location) => location.id !== memberId);
  const [minutes, setMinutes] = useState<LocationShareMinutes>(LOCATION_SHARE_MINUTES[0]);
  const selectId = `share-minutes-${groupId}`;
  return (
    <div data-testid="live-locations">
      {share.state === 'running' ? (
        <p>
          <FormattedMessage
            id="groups.location.mine"
            defaultMessage="You share your position until {time} (to within {metres} m)."
            values={{ time: shortInstantLabel(intl, share.until, programme.festival), metres: Math.round(share.accuracy) }}
          />
        </p>
      ) : share.state === 'starting' ? (
        <p>
          <FormattedMessage id="groups.location.starting" defaultMessage="Starting to share your position…" />
        </p>
      ) : null}
      {others.length === 0 ? (
        share.state === 'none' ? (
          <p className="muted">
            <FormattedMessage id="groups.location.none" defaultMessage="Nobody in this group shares their position now." />
          </p>
        ) : null
      ) : (
        <ul>
          {others.map((location) => (
            // Where they are is on the venue map (GroupsOnMap), not as raw coordinates: a person reads a plan, not degrees.
            <li key={location.id}>
              <FormattedMessage
                id="groups.location.sharing"
                defaultMessage="{name} shares their position until {time} (to within {metres} m)."
                values={{ time: shortInstantLabel(intl, location.expiresAt, programme.festival), metres: Math.round(location.accuracy), name: nameOf(location.id) ?? '?' }}
              />{' '}
              <Link to="/map">
                <FormattedMessage id="groups.location.onMap" defaultMessage="See on the map" />
              </Link>
            </li>
          ))}
        </ul>
      )}
      {share.state !== 'none' || status === 'locating' ? (
        <button type="button" className="button button-secondary" onClick={stop}>
          <FormattedMessage id="groups.location.stop" defaultMessage="Stop sharing my position" />
        </button>
      ) : (
        <div className="button-row">
          <label htmlFor={selectId}>
            <FormattedMessage id="groups.location.for" defaultMessage="Share for" />
          </label>
          <select id={selectId} value={minutes} onChange={(event) => setMinutes(Number(event.target.value) as LocationShareMinutes)}>
            {LOCATION_SHARE_MINUTES.map((option) => (
              <option key={option} value={option}>
                {intl.formatMessage({ id: 'groups.location.minutes', defaultMessage: '{minutes} minutes' }, { minutes: option })}
              </option>
            ))}
          </select>
          <button type="button" className="button" onClick={() => start(minutes)}>
            <FormattedMessage id="groups.location.share" defaultMessage="Share my position with this group" />
          </button>
        </div>
      )}
      <p className="field-hint" role="status">
        {status === 'locating' ? (
          <FormattedMessage id="groups.location.locating" defaultMessage="Finding your position…" />
        ) : status === 'denied' ? (
          <FormattedMessage id="groups.location.denied" defaultMessage="Encore may not use your position, so nothing is shared." />
        ) : status === 'unavailable' ? (
          <FormattedMessage id="groups.location.unavailable" defaultMessage="Your position is not available right now, so nothing is shared." />
        ) : (
          <FormattedMessage id="groups.location.private" defaultMessage="Only this group sees it, only until the time you chose; then it is deleted. No history is kept." />
        )}
      </p>
    </div>
  );
}

/** Any member may put one of their own friends in (the function names them as that member knows them). */
function AddMember({ groupId }: { groupId: string }) {
  const intl = useIntl();
  const { friends } = useFriendPlans();
  const [friendshipId, setFriendshipId] = useState('');
  const [outcome, setOutcome] = useState<'added' | 'already' | 'invited' | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  if (!friends || friends.length === 0) return null;
  const selectId = `add-member-${groupId}`;
  const add = async () => {
    setFailure(null);
    setOutcome(null);
    try {
      const { added, invited } = await (await loadApi()).addMember(groupId, friendshipId);
      setOutcome(added ? 'added' : invited ? 'invited' : 'already');
    } catch (caught) {
      setFailure(caught);
    }
  };
  return (
    <form
      className="button-row"
      onSubmit={(event) => {
        event.preventDefault();
        if (friendshipId) void add();
      }}
    >
      <label htmlFor={selectId}>
        <FormattedMessage id="groups.add.label" defaultMessage="Add a friend" />
      </label>
      <select id={selectId} value={friendshipId} onChange={(event) => setFriendshipId(event.target.value)} required>
        <option value="">{intl.formatMessage({ id: 'groups.add.pick', defaultMessage: 'Pick a friend' })}</option>
        {friends.map((friend) => (
          <option key={friend.friendshipId} value={friend.friendshipId}>
            {friend.displayName}
          </option>
        ))}
      </select>
      <button type="submit" className="button button-secondary button-small">
        <FormattedMessage id="groups.add.submit" defaultMessage="Add to the group" />
      </button>
      <span role="status" className="field-hint">
        {outcome === 'added' ? (
          <FormattedMessage id="groups.add.added" defaultMessage="Added." />
        ) : outcome === 'already' ? (
          <FormattedMessage id="groups.add.already" defaultMessage="Already in the group." />
        ) : outcome === 'invited' ? (
          <FormattedMessage id="groups.add.invited" defaultMessage="They left this group before, so they are not put back: they got an invitation, and join again only if they accept it." />
        ) : null}
      </span>
      {failure ? <ErrorNotice error={failure} describe={describeGroupError} /> : null}
    </form>
  );
}
