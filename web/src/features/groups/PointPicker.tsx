import type { MapPoint, VenueMap } from '@encore/model';
import { useId, useRef, type KeyboardEvent, type MouseEvent, type PointerEvent } from 'react';
import { useIntl } from 'react-intl';
import { MarkerIcon } from '../venue/map-icons';
import { nudged, pointIn } from '../venue/map-logic';
import { MapPin, SitePlan } from '../venue/SitePlan';
import { nearestPlace, type PlaceChoice } from './meetup-logic';
import './groups.css';

/** A press that moved further than this before its click was a pan of the plan, not a pick. */
const TAP_SLOP_PX = 8;

/**
 * A free point of the venue plan as a meet-up place (lazily loaded with the plan's zoom and
 * pan, only when a member chooses "a point on the map").
 *
 * Pointer: tap or click the plan and the star goes there; the plan still pinches, zooms and
 * pans, and a press that pans picks nothing.
 *
 * Keyboard: WAI-ARIA's Authoring Practices have no two-dimensional picker, and a slider is one
 * dimension (two sliders would split one place into two unrelated numbers). So, as the APG
 * advises for a custom widget, the star is one focusable control whose keys are documented
 * (aria-keyshortcuts, and the hint it is described by): each arrow moves it 1% of the plan, 5%
 * with Shift, as the staff's map editor moves markers. So that no one needs fifty presses to
 * cross the plan, "Put the star by" first puts it at any stage or facility (the arrows then
 * give the offset: "by the bar, a little to the north"). Where it is, is said in words (the
 * nearest stage or facility, how far across and down) in a polite live region, so a screen
 * reader hears each move. Who would rather not aim picks the stage or facility itself instead.
 */
export default function PointPicker({ map, choices, point, onChange }: { map: VenueMap; choices: readonly PlaceChoice[]; point: MapPoint; onChange(point: MapPoint): void }) {
  const intl = useIntl();
  const plan = useRef<HTMLDivElement | null>(null);
  const pressedAt = useRef<{ x: number; y: number } | null>(null);
  const hintId = useId();
  const startId = useId();
  const aspect = map.image ? map.image.width / map.image.height : 3 / 2;
  const near = nearestPlace(point, choices, aspect);
  const across = Math.round(point.x * 100);
  const down = Math.round(point.y * 100);
  const where = near
    ? intl.formatMessage({ id: 'groups.point.whereNear', defaultMessage: '{across}% across and {down}% down the plan, nearest to {place}' }, { across, down, place: near.label })
    : intl.formatMessage({ id: 'groups.point.where', defaultMessage: '{across}% across and {down}% down the plan' }, { across, down });
  const nameOf = new Map(choices.map((choice) => [choice.markerId, choice.label]));

  const onPlanPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    pressedAt.current = { x: event.clientX, y: event.clientY };
  };
  const onPlanClick = (event: MouseEvent<HTMLDivElement>) => {
    const from = pressedAt.current;
    pressedAt.current = null;
    // Enter or Space on the star is a click with no position (detail 0), and the star is where it is already.
    if (event.detail === 0 || (event.target as HTMLElement).closest('.map-pin-pick')) return;
    if (!plan.current || (from && Math.hypot(event.clientX - from.x, event.clientY - from.y) > TAP_SLOP_PX)) return;
    onChange(pointIn(plan.current.getBoundingClientRect(), event.clientX, event.clientY));
  };
  const onStarKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    const moved = nudged(point, event.key, event.shiftKey);
    if (!moved) return;
    event.preventDefault();
    onChange(moved);
  };

  return (
    <div className="meetup-point-picker">
      <p id={hintId} className="field-hint">
        {intl.formatMessage({ id: 'groups.point.hint', defaultMessage: 'Tap the plan where to meet, or move the star with the arrow keys (with Shift, in bigger steps).' })}
      </p>
      <div className="field">
        <label htmlFor={startId}>{intl.formatMessage({ id: 'groups.point.startBy', defaultMessage: 'Put the star by' })}</label>
        <select
          id={startId}
          value=""
          onChange={(event) => {
            const choice = choices.find((candidate) => candidate.markerId === event.target.value);
            if (choice) onChange({ x: choice.place.x, y: choice.place.y });
          }}
        >
          <option value="">{intl.formatMessage({ id: 'groups.point.startByPick', defaultMessage: 'Pick a place to start from' })}</option>
          {choices.map((choice) => (
            <option key={choice.markerId} value={choice.markerId}>
              {choice.label}
            </option>
          ))}
        </select>
      </div>
      <SitePlan ref={plan} image={map.image} routes={map.routes} label={intl.formatMessage({ id: 'groups.point.plan', defaultMessage: 'Site plan: tap where to meet' })} onPlanPointerDown={onPlanPointerDown} onPlanClick={onPlanClick}>
        {/* The map's places, for finding one's way: drawn only (a tap through them picks the point; their names are in the place list). */}
        {map.markers.map((marker) => (
          <MapPin key={marker.id} point={marker} className="map-pin-passive">
            <span className={`map-marker ${marker.kind === 'stage' ? 'map-marker-stage' : 'map-marker-facility'}`} aria-hidden="true">
              {marker.kind === 'stage' ? nameOf.get(marker.id) : <MarkerIcon kind={marker.kind} />}
            </span>
          </MapPin>
        ))}
        <MapPin point={point} className="map-pin-pick">
          <button
            type="button"
            className="map-meetup map-meetup-pick"
            aria-label={intl.formatMessage({ id: 'groups.point.star', defaultMessage: 'Meet-up point: {where}' }, { where })}
            aria-describedby={hintId}
            aria-keyshortcuts="ArrowLeft ArrowRight ArrowUp ArrowDown"
            onKeyDown={onStarKey}
          >
            ★
          </button>
        </MapPin>
      </SitePlan>
      <p className="field-hint" aria-live="polite" data-testid="meetup-point-where">
        {where}
      </p>
    </div>
  );
}
