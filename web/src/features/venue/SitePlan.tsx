import type { MapPoint, MapRoute, MediaImage } from '@encore/model';
import { forwardRef, useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode, type MouseEvent as ReactMouseEvent, type PointerEvent as ReactPointerEvent } from 'react';
import { useIntl } from 'react-intl';
import { KeepScale, TransformComponent, TransformWrapper, useControls } from 'react-zoom-pan-pinch';
import { MediaPicture } from '../../ui/MediaPicture';
import { MAX_ZOOM, MIN_ZOOM, zoomStep, type PlanView } from './clusters';
import { SITE_PLAN_FALLBACK_WIDTH, SITE_PLAN_SIZES } from './site-plan-image';
import './venue.css';

/** The plan's proportions when there is no plan yet (3:2, like most printed site plans). */
const DEFAULT_ASPECT = 3 / 2;
/** Markers and routes are excluded from panning, so they can be pressed (and dragged by staff). */
export const NO_PAN = 'map-no-pan';

/**
 * The site plan, zoomable and pannable (pinch and drag on phones, wheel and drag with a mouse,
 * buttons for everyone), with the routes drawn over it and the markers the caller places
 * (`MapPin`), which keep their size at any zoom.
 */
export const SitePlan = forwardRef<HTMLDivElement, {
  image: MediaImage | null | undefined;
  routes: readonly MapRoute[];
  /** A route being drawn (staff), shown dashed. */
  draft?: readonly MapPoint[];
  selectedRouteId?: string | null;
  label: string;
  children: ReactNode;
  onPlanPointerDown?(event: ReactPointerEvent<HTMLDivElement>): void;
  /** A click or tap on the plan (also after a pan: the caller tells them apart, see PointPicker). */
  onPlanClick?(event: ReactMouseEvent<HTMLDivElement>): void;
  /** Centre the plan on this pin (its `MapPin` id), zoomed in (to `scale`, 3 if not given); a new `seq` centres it again. */
  focus?: PlanFocus | null;
  /** Told the plan's size on screen at zoom 1 and its zoom, rounded down to the steps markers are clustered at. */
  onView?(view: PlanView): void;
  /**
   * The visitors' map: the plan's box fills the screen below the header (room to zoom into), the plan opens whole and
   * centred in it, and answers the keyboard (+, −, 0 and the arrows) when focused.
   */
  fill?: boolean;
}>(function SitePlan({ image, routes, draft, selectedRouteId, label, children, onPlanPointerDown, onPlanClick, focus = null, onView, fill = false }, ref) {
  const intl = useIntl();
  const [unavailable, setUnavailable] = useState(false);
  const stage = useRef<HTMLDivElement | null>(null);
  const setStage = useCallback(
    (element: HTMLDivElement | null) => {
      stage.current = element;
      if (typeof ref === 'function') ref(element);
      else if (ref) ref.current = element;
    },
    [ref],
  );
  const view = usePlanView(stage, onView);
  const aspect = image ? image.width / image.height : DEFAULT_ASPECT;
  // The routes' SVG user space: 1000 wide, as tall as the plan's proportions make it.
  const height = 1000 / aspect;
  const points = (line: readonly MapPoint[]) => line.map((point) => `${(point.x * 1000).toFixed(1)},${(point.y * height).toFixed(1)}`).join(' ');
  const hintId = useId();
  return (
    <div className={`site-plan${fill ? ' site-plan-fill' : ''}`} role="region" aria-label={label} style={{ ['--plan-aspect' as string]: String(aspect) }}>
      <TransformWrapper
        minScale={MIN_ZOOM}
        maxScale={MAX_ZOOM}
        onTransform={(_, state) => view.zoomed(state.scale)}
        limitToBounds
        centerZoomedOut
        doubleClick={{ mode: 'zoomIn', excluded: [NO_PAN] }}
        panning={{ excluded: [NO_PAN] }}
        pinch={{ excluded: [] }}
        wheel={{ step: 0.15, excluded: [NO_PAN] }}
        // The visitors' plan takes the keyboard when focused (the staff's markers move with the arrows instead).
        keyboard={{ disabled: !fill, panStep: 80, zoomStep: 0.5, excluded: [NO_PAN] }}
        // Opens on the whole plan, centred: on a phone in portrait that is the only zoom showing every stage (each named
        // on its marker in readable type); pinch, a double tap or + zooms in, and the box is the screen's height to zoom into.
        centerOnInit={fill}
      >
        <ZoomButtons />
        <FocusOn focus={focus} />
        {fill ? (
          <>
            <p id={hintId} className="visually-hidden">
              {intl.formatMessage({ id: 'venue.sitePlan.keys', defaultMessage: 'Plus and minus zoom, the arrow keys move the plan, 0 shows the whole plan.' })}
            </p>
          </>
        ) : null}
        <TransformComponent
          wrapperClass="site-plan-viewport"
          contentClass="site-plan-content"
          wrapperProps={fill ? { role: 'group', 'aria-label': intl.formatMessage({ id: 'venue.sitePlan.view', defaultMessage: 'Plan, zoom and move' }), 'aria-describedby': hintId } : {}}
        >
          <div ref={setStage} className="site-plan-stage" style={{ aspectRatio: String(aspect) }} onPointerDown={onPlanPointerDown} onClick={onPlanClick}>
            {image ? (
              <MediaPicture image={image} sizes={SITE_PLAN_SIZES} alt="" width={SITE_PLAN_FALLBACK_WIDTH} className="site-plan-image" eager keepOffline onUnavailable={() => setUnavailable(true)} />
            ) : (
              <div className="site-plan-empty" aria-hidden="true" />
            )}
            <svg className="site-plan-routes" viewBox={`0 0 1000 ${height}`} preserveAspectRatio="none" aria-hidden="true" focusable="false">
              {routes.map((route) => (
                <polyline
                  key={route.id}
                  points={points(route.points)}
                  className={`map-route${route.stepFree ? ' map-route-step-free' : ''}${route.id === selectedRouteId ? ' map-route-selected' : ''}`}
                  vectorEffect="non-scaling-stroke"
                />
              ))}
              {draft && draft.length > 0 ? <polyline points={points(draft)} className="map-route map-route-draft" vectorEffect="non-scaling-stroke" /> : null}
            </svg>
            {children}
          </div>
        </TransformComponent>
      </TransformWrapper>
      {image && unavailable ? (
        <p className="site-plan-note">
          {intl.formatMessage({ id: 'venue.sitePlan.notSaved', defaultMessage: 'The plan image is not saved on this device yet: it will appear when you are back online. The markers are in their places.' })}
        </p>
      ) : null}
      {!image ? <p className="site-plan-note">{intl.formatMessage({ id: 'venue.sitePlan.noPlan', defaultMessage: 'No site plan yet: markers are shown on a blank plan.' })}</p> : null}
    </div>
  );
});

function ZoomButtons() {
  const intl = useIntl();
  const { zoomIn, zoomOut, centerView } = useControls();
  return (
    <div className="site-plan-zoom" role="group" aria-label={intl.formatMessage({ id: 'venue.sitePlan.zoom', defaultMessage: 'Zoom' })}>
      {/* Plain buttons: react-aria stays out of the visitor's map chunk. */}
      <button type="button" className="button button-secondary button-small" onClick={() => zoomIn(0.5)} aria-label={intl.formatMessage({ id: 'venue.sitePlan.zoomIn', defaultMessage: 'Zoom in' })}>
        +
      </button>
      <button type="button" className="button button-secondary button-small" onClick={() => zoomOut(0.5)} aria-label={intl.formatMessage({ id: 'venue.sitePlan.zoomOut', defaultMessage: 'Zoom out' })}>
        −
      </button>
      {/* Fit: the whole plan in view (zoom 1 is the whole plan; the first zoom may be closer, see FirstZoom). */}
      <button type="button" className="button button-secondary button-small" onClick={() => centerView(MIN_ZOOM)}>
        {intl.formatMessage({ id: 'venue.sitePlan.reset', defaultMessage: 'Whole plan' })}
      </button>
    </div>
  );
}

export interface PlanFocus {
  pinId: string;
  seq: number;
  scale?: number;
}

/** Centres the plan on a pin when asked (a place picked in "Find a place", a cluster tapped). */
function FocusOn({ focus }: { focus: PlanFocus | null }) {
  const { zoomToElement } = useControls();
  // Each request once: useControls hands out new functions on every render (the plan re-renders as markers regroup), which must not re-centre it.
  const done = useRef<PlanFocus | null>(null);
  useEffect(() => {
    if (!focus || done.current === focus) return;
    done.current = focus;
    const pin = document.getElementById(focus.pinId);
    if (pin) void zoomToElement(pin, focus.scale ?? 3, 300);
  }, [focus, zoomToElement]);
  return null;
}

/**
 * The plan's size on screen at zoom 1 (its layout box, which transforms do not change) and
 * the zoom step, reported when either changes. Nothing is reported while the plan has no
 * size (not laid out yet, or a test's DOM without layout).
 */
function usePlanView(stage: { current: HTMLDivElement | null }, onView: ((view: PlanView) => void) | undefined) {
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  const [scale, setScale] = useState(MIN_ZOOM);
  useLayoutEffect(() => {
    const element = stage.current;
    if (!element || !onView) return;
    const measure = () => setSize((previous) => (previous?.width === element.offsetWidth && previous.height === element.offsetHeight ? previous : { width: element.offsetWidth, height: element.offsetHeight }));
    measure();
    if (typeof ResizeObserver !== 'function') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [stage, onView]);
  useLayoutEffect(() => {
    if (onView && size && size.width > 0 && size.height > 0) onView({ ...size, scale });
  }, [onView, size, scale]);
  return { zoomed: (live: number) => setScale(zoomStep(live)) };
}

/** A marker's place on the plan: positioned by fraction, the same size at any zoom. */
export function MapPin({ point, children, selected = false, id, className }: { point: MapPoint; children: ReactNode; selected?: boolean; id?: string; className?: string }) {
  return (
    <div id={id} className={`map-pin ${NO_PAN}${selected ? ' map-pin-selected' : ''}${className ? ` ${className}` : ''}`} style={{ left: `${point.x * 100}%`, top: `${point.y * 100}%` }}>
      <KeepScale>{children}</KeepScale>
    </div>
  );
}
