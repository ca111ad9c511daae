import { georeferenceProblem, planGeoTransform, type GeoreferenceInput } from '@encore/model';
import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';

/**
 * Where the site plan lies on the earth, for "you are here" and walking minutes: two or three
 * points of the plan (placed by clicking the plan) on their latitude and longitude (read off
 * any online map), with a preview of what they imply: the plan's size in metres and where
 * north is. Kept in the map's draft and saved with it.
 */
export function GeoreferenceEditor({
  value,
  planAspect,
  placing,
  onChange,
  onPlace,
}: {
  value: GeoreferenceInput | undefined;
  planAspect: number;
  /** The point waiting for a click on the plan, if any. */
  placing: number | null;
  onChange(next: GeoreferenceInput | undefined): void;
  onPlace(index: number | null): void;
}) {
  const intl = useIntl();
  const id = useId();
  const points = value?.points ?? [];
  const update = (index: number, patch: Partial<GeoreferenceInput['points'][number]>) =>
    onChange({ planAspect, points: points.map((point, i) => (i === index ? { ...point, ...patch } : point)) });
  const candidate = { planAspect, points };
  const problem = points.length >= 2 ? georeferenceProblem(candidate) : null;
  const transform = points.length >= 2 && !problem ? planGeoTransform(candidate) : null;
  const metres = (value: number) => intl.formatNumber(Math.round(value), { style: 'unit', unit: 'meter' });
  return (
    <section className="panel" aria-labelledby={`${id}-title`} style={{ marginTop: 'var(--space-3)' }}>
      <h3 id={`${id}-title`}>
        <FormattedMessage id="staff.geo.title" defaultMessage="Where the plan is on the earth" />
      </h3>
      <p className="field-hint">
        <FormattedMessage id="staff.geo.hint" defaultMessage="Place two or three points far apart on the plan, and give each its latitude and longitude (from any online map). Visitors then see where they are, and walking minutes." />
      </p>
      <ol className="stack">
        {points.map((point, index) => (
          <li key={index} className="form-grid">
            <p className="field-hint">
              <FormattedMessage id="staff.geo.point" defaultMessage="Point {n}: {x}% across, {y}% down" values={{ n: index + 1, x: Math.round(point.x * 100), y: Math.round(point.y * 100) }} />
            </p>
            <div className="field">
              <label htmlFor={`${id}-lat-${index}`}>
                <FormattedMessage id="staff.geo.lat" defaultMessage="Latitude of point {n}" values={{ n: index + 1 }} />
              </label>
              <input id={`${id}-lat-${index}`} type="number" step="any" min={-90} max={90} value={point.lat} onChange={(event) => update(index, { lat: Number(event.target.value) })} />
            </div>
            <div className="field">
              <label htmlFor={`${id}-lng-${index}`}>
                <FormattedMessage id="staff.geo.lng" defaultMessage="Longitude of point {n}" values={{ n: index + 1 }} />
              </label>
              <input id={`${id}-lng-${index}`} type="number" step="any" min={-180} max={180} value={point.lng} onChange={(event) => update(index, { lng: Number(event.target.value) })} />
            </div>
            <div className="button-row">
              <button type="button" className="button button-small button-secondary" aria-pressed={placing === index} onClick={() => onPlace(placing === index ? null : index)}>
                {placing === index ? (
                  <FormattedMessage id="staff.geo.placing" defaultMessage="Click the plan where point {n} is" values={{ n: index + 1 }} />
                ) : (
                  <FormattedMessage id="staff.geo.place" defaultMessage="Place point {n} on the plan" values={{ n: index + 1 }} />
                )}
              </button>
              <button type="button" className="button button-small button-secondary" onClick={() => onChange(points.length > 1 ? { planAspect, points: points.filter((_, i) => i !== index) } : undefined)}>
                <FormattedMessage id="staff.geo.remove" defaultMessage="Remove point {n}" values={{ n: index + 1 }} />
              </button>
            </div>
          </li>
        ))}
      </ol>
      {points.length < 3 ? (
        <button type="button" className="button button-small" onClick={() => onChange({ planAspect, points: [...points, { x: 0.5, y: 0.5, lat: points[0]?.lat ?? 0, lng: points[0]?.lng ?? 0 }] })}>
          <FormattedMessage id="staff.geo.add" defaultMessage="Add a point" />
        </button>
      ) : null}
      <p role="status" className="field-hint">
        {points.length < 2 ? (
          <FormattedMessage id="staff.geo.needTwo" defaultMessage="Two points at least." />
        ) : problem ? (
          <FormattedMessage id="staff.geo.problem" defaultMessage="These points do not work: {problem}." values={{ problem }} />
        ) : transform ? (
          <FormattedMessage
            id="staff.geo.preview"
            defaultMessage="Preview: the plan is about {width} wide and {height} tall, and north points {north}° clockwise from its top."
            values={{
              width: metres(transform.metresBetween({ x: 0, y: 0.5 }, { x: 1, y: 0.5 })),
              height: metres(transform.metresBetween({ x: 0.5, y: 0 }, { x: 0.5, y: 1 })),
              north: Math.round(transform.planHeading(transform.toGeo({ x: 0.5, y: 0.5 }), 0)) % 360,
            }}
          />
        ) : null}
      </p>
    </section>
  );
}
