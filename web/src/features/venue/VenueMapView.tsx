import type { FacilityKind, MapMarker, VenueMap } from '@encore/model';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { Link } from 'wouter';
import type { PerformanceDoc, Programme } from '../../festival/programme';
import { clockTime } from '../../time/format';
import { useMediaQuery } from '../../ui/use-media-query';
import { clusterBox, clusterMarkers, markerBox, stageLabel, zoomToReveal, type MarkerGroup, type PlacedMarker, type PlanView } from './clusters';
import { positionOnPlan } from './find-place';
import { FindPlace } from './FindPlace';
import { FacilityFilter } from './FacilityFilter';
import { facilitiesByKind, stagesOnMap, type StageOnMap } from './map-logic';
import { usePlaceNames } from './place-words';
import { usePosition } from './use-position';
import { PositionControl, YouAreHereMark } from './YouAreHere';
import { MarkerIcon, kindNames } from './map-icons';
import { MapPin, SitePlan, type PlanFocus } from './SitePlan';

/**
 * The venue map as visitors see it: the plan filling the screen (pinch, pan, double-tap and
 * keyboard zoom), every stage with its name and what plays there now and next, the facilities
 * with their icons, a filter by kind, step-free routes highlighted; and below, the same places
 * as lists (nearest first once the position is known), filtered alike, for screen readers and
 * for anyone who would rather read than look. Choosing in a list shows the place on the plan.
 */
export function VenueMapView({ map, programme, now, overlay }: {
  map: VenueMap;
  programme: Programme;
  now: Date;
  /** More pins on the plan (the person's friend groups: meet-up points, shared positions). */
  overlay?: ReactNode;
}) {
  const intl = useIntl();
  const stages = useMemo(() => stagesOnMap(map, programme, now), [map, programme, now]);
  const names = usePlaceNames(map.markers, programme);
  const [kind, setKind] = useState<FacilityKind | null>(null);
  const allFacilities = useMemo(() => facilitiesByKind(map), [map]);
  const facilities = useMemo(() => allFacilities.filter((group) => kind === null || group.kind === kind), [allFacilities, kind]);
  const [selectedId, setSelectedId] = useState<string | null>(stages[0]?.marker.id ?? null);
  const selectedStage = stages.find((stage) => stage.marker.id === selectedId) ?? null;
  const selectedFacility = selectedStage ? null : map.markers.find((marker) => marker.id === selectedId && marker.kind !== 'stage') ?? null;
  const position = usePosition();
  const { georeference } = map;
  const fix = position.state.status === 'on' ? position.state : null;
  const here = useMemo(() => (georeference && fix ? positionOnPlan(georeference, fix) : null), [georeference, fix]);
  const [focus, setFocus] = useState<PlanFocus | null>(null);
  const zoomTo = (pin: string, scale?: number) => setFocus((previous) => ({ pinId: pin, seq: (previous?.seq ?? 0) + 1, ...(scale ? { scale } : {}) }));
  const { groups, clusterAt, view, onView } = useMarkerGroups(map, stages, facilities);
  const groupOf = (markerId: string) => groups?.find((group) => group.ids.includes(markerId));
  const nameOf = (markerId: string) => names.get(markerId) ?? markerId;
  const filterTo = (next: FacilityKind | null) => {
    setKind(next);
    // A facility filtered away is no longer on the plan: nothing stays selected that cannot be seen.
    if (selectedFacility && next !== null && selectedFacility.kind !== next) setSelectedId(null);
  };
  /** Chosen in a list: selected, the plan brought into view and zoomed in on it (3×, or more where it would still be in a cluster). */
  const pick = (markerId: string) => {
    const marker = map.markers.find((candidate) => candidate.id === markerId);
    if (marker && marker.kind !== 'stage' && kind !== null && marker.kind !== kind) setKind(null);
    setSelectedId(markerId);
    document.getElementById(PLAN_ID)?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
    const group = groupOf(markerId);
    if (group && view) zoomTo(group.ids.length > 1 ? clusterPinId(group) : pinId(markerId), Math.max(3, zoomToReveal([markerId], clusterAt, 0)));
    else zoomTo(pinId(markerId));
  };
  // A tapped cluster is gone once it comes apart: keyboard focus goes on to the marker (or smaller cluster) now holding its first place.
  const [followFocus, setFollowFocus] = useState<string | null>(null);
  useEffect(() => {
    if (!followFocus || !groups || (document.activeElement && document.activeElement !== document.body)) return;
    const group = groups.find((candidate) => candidate.ids.includes(followFocus));
    const pin = group && document.getElementById(group.ids.length > 1 ? clusterPinId(group) : pinId(followFocus));
    pin?.querySelector('button')?.focus({ preventScroll: true });
  }, [groups, followFocus]);
  const single = (markerId: string) => !groups || groupOf(markerId)?.ids.length === 1;

  return (
    <>
      <div className="map-layout">
        <div className="stack map-plan-column">
        {georeference ? <PositionControl state={position.state} here={here} onStart={position.start} onStop={position.stop} /> : null}
        <FacilityFilter kinds={allFacilities.map((group) => group.kind)} kind={kind} onChange={filterTo} />
        <div id={PLAN_ID} className="map-plan">
        <SitePlan fill image={map.image} routes={map.routes} focus={focus} onView={onView} label={intl.formatMessage({ id: 'venue.view.planLabel', defaultMessage: 'Site plan' })}>
          {facilities.flatMap(({ markers }) =>
            markers.filter((marker) => single(marker.id)).map((marker) => (
              <MapPin key={marker.id} id={pinId(marker.id)} point={groupOf(marker.id) ?? marker} selected={marker.id === selectedId}>
                <button type="button" className="map-marker map-marker-facility" data-markers={marker.id} aria-pressed={marker.id === selectedId} aria-label={nameOf(marker.id)} onClick={() => setSelectedId(marker.id)}>
                  <MarkerIcon kind={marker.kind} />
                </button>
              </MapPin>
            )),
          )}
          {stages.map((stage) => (
            <MapPin key={stage.marker.id} id={pinId(stage.marker.id)} point={groupOf(stage.marker.id) ?? stage.marker} selected={stage.marker.id === selectedId} className="map-pin-stage">
              <button
                type="button"
                className="map-marker map-marker-stage"
                data-markers={stage.marker.id}
                style={{ ['--stage-color' as string]: stage.color }}
                aria-pressed={stage.marker.id === selectedId}
                aria-label={stageSummary(intl, stage, programme)}
                onClick={() => setSelectedId(stage.marker.id)}
              >
                {stage.now ? <span className="map-marker-live" aria-hidden="true" /> : null}
                {stage.name}
              </button>
            </MapPin>
          ))}
          {(groups ?? [])
            .filter((group) => group.ids.length > 1)
            .map((group) => (
              <MapPin key={clusterPinId(group)} id={clusterPinId(group)} point={group} selected={group.ids.includes(selectedId ?? '')}>
                <button
                  type="button"
                  className="map-marker map-cluster"
                  data-markers={group.ids.join(' ')}
                  data-selected={group.ids.includes(selectedId ?? '')}
                  aria-label={intl.formatMessage(
                    { id: 'venue.view.cluster', defaultMessage: '{count} places here, zoom in to see them apart: {names}' },
                    { count: group.ids.length, names: intl.formatList(group.ids.map(nameOf), { type: 'conjunction' }) },
                  )}
                  onClick={() => {
                    if (!view) return;
                    setFollowFocus(group.ids[0]!);
                    zoomTo(clusterPinId(group), zoomToReveal(group.ids, clusterAt, view.scale));
                  }}
                >
                  {group.ids.length}
                </button>
              </MapPin>
            ))}
          {here?.onPlan ? (
            <MapPin point={here.point} className="map-pin-you">
              <YouAreHereMark heading={here.heading} />
            </MapPin>
          ) : null}
          {overlay}
        </SitePlan>
        </div>
        </div>
        <aside className="stack">
          <section className="panel map-detail" aria-live="polite" aria-labelledby="map-detail-title" style={{ ['--stage-color' as string]: selectedStage?.color }}>
            {selectedStage ? (
              <StageDetail stage={selectedStage} programme={programme} />
            ) : selectedFacility ? (
              <>
                <h2 id="map-detail-title">{nameOf(selectedFacility.id)}</h2>
                <p className="map-detail-kind">
                  <MarkerIcon kind={selectedFacility.kind} size={18} />
                  {intl.formatMessage(kindNames[selectedFacility.kind])}
                </p>
              </>
            ) : (
              <h2 id="map-detail-title">
                <FormattedMessage id="venue.view.pick" defaultMessage="Tap a stage or a facility on the plan" />
              </h2>
            )}
          </section>
          <FindPlace map={map} names={names} kind={kind} here={here} selectedId={selectedId} onPick={pick} />
          <section className="panel" aria-labelledby="map-legend-title">
            <h2 id="map-legend-title">
              <FormattedMessage id="venue.view.legend" defaultMessage="Legend" />
            </h2>
            <ul className="map-legend">
              {allFacilities.map(({ kind: legendKind }) => (
                <li key={legendKind}>
                  <span className="map-legend-icon">
                    <MarkerIcon kind={legendKind} size={18} />
                  </span>
                  {intl.formatMessage(kindNames[legendKind])}
                </li>
              ))}
              <li>
                <span className="map-legend-line map-legend-line-step-free" aria-hidden="true" />
                <FormattedMessage id="venue.view.stepFreeRoute" defaultMessage="Step-free route" />
              </li>
              <li>
                <span className="map-legend-line" aria-hidden="true" />
                <FormattedMessage id="venue.view.otherRoute" defaultMessage="Route with steps" />
              </li>
            </ul>
          </section>
        </aside>
      </div>
      <section className="panel" aria-labelledby="map-list-title" style={{ marginTop: 'var(--space-4)' }}>
        <h2 id="map-list-title">
          <FormattedMessage id="venue.view.listTitle" defaultMessage="Everything on the map" />
        </h2>
        <h3>
          <FormattedMessage id="venue.view.stages" defaultMessage="Stages" />
        </h3>
        <ul className="map-list">
          {stages.map((stage) => (
            <li key={stage.marker.id}>
              <button type="button" aria-current={stage.marker.id === selectedId} onClick={() => pick(stage.marker.id)}>
                <MarkerIcon kind="stage" />
                <span>{stageSummary(intl, stage, programme)}</span>
              </button>
            </li>
          ))}
        </ul>
        {facilities.map(({ kind: listKind, markers }) => (
          <div key={listKind}>
            <h3>{intl.formatMessage(kindNames[listKind])}</h3>
            <ul className="map-list">
              {markers.map((marker) => (
                <li key={marker.id}>
                  <button type="button" aria-current={marker.id === selectedId} onClick={() => pick(marker.id)}>
                    <MarkerIcon kind={listKind} />
                    <span>{nameOf(marker.id)}</span>
                  </button>
                </li>
              ))}
            </ul>
          </div>
        ))}
        {map.routes.length > 0 ? (
          <>
            <h3>
              <FormattedMessage id="venue.view.routes" defaultMessage="Routes" />
            </h3>
            <ul className="map-list">
              {map.routes.map((route) => (
                <li key={route.id} className="map-list-route">
                  <span className={`map-legend-line${route.stepFree ? ' map-legend-line-step-free' : ''}`} aria-hidden="true" />
                  <span>
                    {route.label ?? route.id}
                    {' — '}
                    {route.stepFree ? (
                      <FormattedMessage id="venue.view.stepFree" defaultMessage="step-free" />
                    ) : (
                      <FormattedMessage id="venue.view.notStepFree" defaultMessage="not step-free" />
                    )}
                  </span>
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </section>
    </>
  );
}

function StageDetail({ stage, programme }: { stage: StageOnMap; programme: Programme }) {
  const intl = useIntl();
  const artist = (set: PerformanceDoc) => programme.artists.get(set.artistId)?.name ?? set.artistId;
  return (
    <>
      <h2 id="map-detail-title">{stage.name}</h2>
      <p>
        {stage.now ? (
          <FormattedMessage
            id="venue.detail.now"
            defaultMessage="<b>Now:</b> {artist}, until {end}"
            values={{ b: (text) => <strong>{text}</strong>, artist: <Link to={`/performances/${stage.now.id}`}>{artist(stage.now)}</Link>, end: clockTime(intl, stage.now.endsAt, programme.festival) }}
          />
        ) : (
          <FormattedMessage id="venue.detail.nothingNow" defaultMessage="Nothing playing now." />
        )}
      </p>
      <p>
        {stage.next ? (
          <FormattedMessage
            id="venue.detail.next"
            defaultMessage="<b>Next:</b> {artist} at {start}"
            values={{ b: (text) => <strong>{text}</strong>, artist: <Link to={`/performances/${stage.next.id}`}>{artist(stage.next)}</Link>, start: clockTime(intl, stage.next.startsAt, programme.festival) }}
          />
        ) : (
          <FormattedMessage id="venue.detail.nothingNext" defaultMessage="Nothing else today." />
        )}
      </p>
    </>
  );
}

/** "Main Stage: now The Nightjars until 21:30, next Kae at 21:45" — a stage marker's name and its list entry. */
export function stageSummary(intl: IntlShape, stage: StageOnMap, programme: Programme): string {
  const artist = (set: PerformanceDoc) => programme.artists.get(set.artistId)?.name ?? set.artistId;
  const now = stage.now
    ? intl.formatMessage({ id: 'venue.summary.now', defaultMessage: 'now {artist} until {end}' }, { artist: artist(stage.now), end: clockTime(intl, stage.now.endsAt, programme.festival) })
    : intl.formatMessage({ id: 'venue.summary.nothingNow', defaultMessage: 'nothing playing now' });
  const next = stage.next
    ? intl.formatMessage({ id: 'venue.summary.next', defaultMessage: 'next {artist} at {start}' }, { artist: artist(stage.next), start: clockTime(intl, stage.next.startsAt, programme.festival) })
    : null;
  return next
    ? intl.formatMessage({ id: 'venue.summary.stageNext', defaultMessage: '{stage}: {now}, {next}' }, { stage: stage.name, now, next })
    : intl.formatMessage({ id: 'venue.summary.stage', defaultMessage: '{stage}: {now}' }, { stage: stage.name, now });
}

/** The plan's box, scrolled into view when a place is chosen in a list. */
const PLAN_ID = 'map-plan';
/** The DOM id of a marker's pin, for centring the plan on it. */
const pinId = (markerId: string) => `map-pin-${markerId}`;
/** A cluster's pin: named after the first marker it holds. */
const clusterPinId = (group: MarkerGroup) => `map-cluster-${group.ids[0]}`;

/**
 * The markers as drawn at the plan's current size and zoom: each alone or in a cluster (see
 * clusters.ts), recomputed when the plan is resized or zoomed a step. Null until the plan has
 * a size on screen: every marker is then drawn on its own.
 */
function useMarkerGroups(map: VenueMap, stages: readonly StageOnMap[], facilities: ReadonlyArray<{ markers: MapMarker[] }>) {
  const compact = useMediaQuery('(max-width: 600px)');
  const [view, setView] = useState<PlanView | null>(null);
  const onView = useCallback((next: PlanView) => setView((previous) => (previous && previous.width === next.width && previous.height === next.height && previous.scale === next.scale ? previous : next)), []);
  const aspect = map.image ? map.image.width / map.image.height : 3 / 2;
  const { placed, labels } = useMemo(() => {
    const stageOf = new Map(stages.map((stage) => [stage.marker.id, stage]));
    // Only the facilities the filter shows take part: a cluster never counts what is not drawn.
    const placed: PlacedMarker[] = [...stages.map((stage) => stage.marker), ...facilities.flatMap((group) => group.markers)].map((marker) => {
      const stage = stageOf.get(marker.id);
      return { id: marker.id, x: marker.x, y: marker.y, ...(stage ? { stageId: marker.stageId! } : {}), ...markerBox({ kind: marker.kind, name: stage?.name, live: Boolean(stage?.now) }, compact) };
    });
    // Only the seed's drawn plan is known to print stage names where stageLabel says; an uploaded plan may differ, and keeping clear of that spot costs little.
    const labels = stages.map((stage) => stageLabel({ x: stage.marker.x, y: stage.marker.y, stageId: stage.marker.stageId!, name: stage.name }, aspect));
    return { placed, labels };
  }, [stages, facilities, compact, aspect]);
  const clusterAt = useCallback((scale: number) => (view ? clusterMarkers(placed, labels, { ...view, scale }, clusterBox(compact)) : []), [placed, labels, view, compact]);
  const groups = useMemo(() => (view ? clusterAt(view.scale) : null), [view, clusterAt]);
  return { groups, clusterAt, view, onView };
}
