import { FormattedMessage, useIntl } from 'react-intl';
import type { PositionOnPlan } from './find-place';
import type { PositionState } from './use-position';

/** The "Show my position" button and, in words, where the person is (or why the map cannot say). */
export function PositionControl({ state, here, onStart, onStop }: { state: PositionState; here: PositionOnPlan | null; onStart(): void; onStop(): void }) {
  const intl = useIntl();
  const distance = (metres: number) =>
    metres >= 1000
      ? intl.formatNumber(metres / 1000, { style: 'unit', unit: 'kilometer', maximumFractionDigits: 1 })
      : intl.formatNumber(Math.round(metres / 10) * 10, { style: 'unit', unit: 'meter' });
  return (
    <div className="position-control">
      {state.status === 'on' || state.status === 'locating' ? (
        <button type="button" className="button button-secondary" onClick={onStop}>
          <FormattedMessage id="venue.position.hide" defaultMessage="Hide my position" />
        </button>
      ) : (
        <button type="button" className="button" onClick={onStart}>
          <FormattedMessage id="venue.position.show" defaultMessage="Show my position" />
        </button>
      )}
      <p className="field-hint" role="status">
        {state.status === 'locating' ? (
          <FormattedMessage id="venue.position.locating" defaultMessage="Finding your position…" />
        ) : state.status === 'denied' ? (
          <FormattedMessage id="venue.position.denied" defaultMessage="Encore may not use your position. The map works without it." />
        ) : state.status === 'unavailable' ? (
          <FormattedMessage id="venue.position.unavailable" defaultMessage="Your position is not available right now. The map works without it." />
        ) : state.status === 'on' && here ? (
          here.onPlan ? (
            <FormattedMessage id="venue.position.onPlan" defaultMessage="You are on the plan (to within about {accuracy})." values={{ accuracy: distance(state.accuracy) }} />
          ) : (
            <FormattedMessage id="venue.position.offPlan" defaultMessage="You are not on the festival site: about {distance} from the edge of the plan." values={{ distance: distance(here.metresOff) }} />
          )
        ) : (
          <FormattedMessage id="venue.position.private" defaultMessage="Only after you tap. Your position stays on this phone: never stored, never sent." />
        )}
      </p>
    </div>
  );
}

/** The person's dot on the plan, with an arrow the way they are heading when the phone says. */
export function YouAreHereMark({ heading }: { heading: number | null }) {
  const intl = useIntl();
  return (
    <span className="map-you" role="img" aria-label={intl.formatMessage({ id: 'venue.position.here', defaultMessage: 'You are here' })}>
      {heading !== null ? <span className="map-you-heading" style={{ transform: `rotate(${heading}deg)` }} aria-hidden="true" /> : null}
      <span className="map-you-dot" aria-hidden="true" />
    </span>
  );
}
