import type { Georeference } from '@encore/model';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { positionOnPlan } from '../venue/find-place';
import { MarkerIcon } from '../venue/map-icons';
import type { PositionState } from '../venue/use-position';
import { withWalkingMinutes, type PlaceHit } from './place-search';

/** The person's position for walking minutes: asked for only when they tap (never on its own), kept in the page's memory only. */
export interface SearchPosition {
  state: PositionState;
  start(): void;
}

/**
 * The map's places a search found, each a link to it on the map, nearest first with walking
 * minutes once the person has shared their position (and the plan has a scale).
 */
export function PlacesFound({ hits, georeference, position }: { hits: PlaceHit[]; georeference: Georeference | undefined; position: SearchPosition | undefined }) {
  const intl = useIntl();
  const fix = position?.state.status === 'on' ? position.state : null;
  const here = georeference && fix ? positionOnPlan(georeference, fix) : null;
  const places = withWalkingMinutes(hits, here?.onPlan ? here.point : null, georeference);
  return (
    <section className="search-group" aria-labelledby="search-places">
      <h2 id="search-places">
        <FormattedMessage id="search.page.places" defaultMessage="On the map" />
      </h2>
      {georeference && position ? <PositionLine state={position.state} onPlan={here ? here.onPlan : null} start={position.start} /> : null}
      <ul className="search-results">
        {places.map(({ marker, name, minutes }) => (
          <li key={marker.id}>
            <Link to={`/map?place=${encodeURIComponent(marker.id)}`} className="search-result search-place" data-search-place={marker.id}>
              <MarkerIcon kind={marker.kind} />
              <span className="search-result-name">{name}</span>
              {minutes !== null ? (
                <span className="search-result-meta">
                  {intl.formatMessage({ id: 'search.page.walk', defaultMessage: '{minutes, plural, one {# min walk} other {# min walk}}' }, { minutes })}
                </span>
              ) : null}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The offer to show walking minutes, or why there are none. */
function PositionLine({ state, onPlan, start }: { state: PositionState; onPlan: boolean | null; start(): void }) {
  if (state.status === 'off') {
    return (
      <button type="button" className="button button-secondary search-position" onClick={start}>
        <FormattedMessage id="search.page.showMinutes" defaultMessage="Walking minutes from where I am" />
      </button>
    );
  }
  const line =
    state.status === 'locating' ? (
      <FormattedMessage id="search.page.locating" defaultMessage="Finding your position…" />
    ) : state.status === 'denied' ? (
      <FormattedMessage id="search.page.positionDenied" defaultMessage="Encore may not use your position, so no walking minutes." />
    ) : state.status === 'unavailable' ? (
      <FormattedMessage id="search.page.positionUnavailable" defaultMessage="Your position is not available right now, so no walking minutes." />
    ) : onPlan === false ? (
      <FormattedMessage id="search.page.offPlan" defaultMessage="You are not on the festival site, so no walking minutes." />
    ) : (
      <FormattedMessage id="search.page.nearestFirst" defaultMessage="Nearest first, in walking minutes from where you are." />
    );
  return <p className="muted search-position-line">{line}</p>;
}
