import { FACILITY_KINDS, firestorePaths, mapMarkerKindSchema, venueMapInputSchema, type GeoreferenceInput, type MapMarker, type MapMarkerKind, type MapPoint, type MapRoute, type StageWalkInput } from '@encore/model';
import { deleteField, doc, serverTimestamp, setDoc } from 'firebase/firestore';
import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent as ReactPointerEvent } from 'react';
import { Button, Input, Label, TextField } from 'react-aria-components';
import { SelectField } from '../../ui/SelectField';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { useFestival } from '../../festival/FestivalContext';
import type { Programme } from '../../festival/programme';
import { db } from '../../firebase/firestore';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { FestivalGate } from '../../ui/FestivalGate';
import { GeoreferenceEditor } from './GeoreferenceEditor';
import { StageWalksEditor } from './StageWalksEditor';
import { MarkerIcon, kindNames } from '../venue/map-icons';
import { nextId, nudged, pointIn } from '../venue/map-logic';
import { MapPin, SitePlan } from '../venue/SitePlan';
import { useVenueMap } from '../venue/use-venue-map';
import { StaffImageUpload } from './StaffImageUpload';
import './staff-tools.css';

interface Draft {
  markers: MapMarker[];
  routes: MapRoute[];
  georeference?: GeoreferenceInput | undefined;
  walks?: StageWalkInput[] | undefined;
}

/**
 * `/staff/map`: the site plan (uploaded through the photo pipeline) and what is on it.
 * Stages and facilities are placed as markers: select one (on the plan or in the list), then
 * drag it or move it with the arrow keys (Shift for bigger steps). Routes are drawn point by
 * point, by clicking the plan or from the selected marker's position, and marked step-free.
 * Changes are kept as a draft until "Save", which validates the whole map with the shared
 * schema first.
 */
export default function VenueMapEditorPage() {
  const festival = useFestival();
  return (
    <section aria-labelledby="map-editor-title">
      <h2 id="map-editor-title">
        <FormattedMessage id="staff.mapEditor.title" defaultMessage="Venue map" />
      </h2>
      <FestivalGate state={festival}>{(programme) => <MapEditor programme={programme} />}</FestivalGate>
    </section>
  );
}

function MapEditor({ programme }: { programme: Programme }) {
  const intl = useIntl();
  const live = useVenueMap();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [drawing, setDrawing] = useState<MapPoint[] | null>(null);
  const [newRoute, setNewRoute] = useState({ label: '', stepFree: true });
  const [addKind, setAddKind] = useState<MapMarkerKind>('stage');
  const [addStage, setAddStage] = useState<string>(programme.stages[0]?.id ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [saved, setSaved] = useState(false);
  const planRef = useRef<HTMLDivElement>(null);
  const markerRefs = useRef(new Map<string, HTMLButtonElement>());
  const dragging = useRef<string | null>(null);

  const stored: Draft = { markers: live.data?.markers ?? [], routes: live.data?.routes ?? [], georeference: live.data?.georeference, walks: live.data?.walks };
  const [placingControl, setPlacingControl] = useState<number | null>(null);
  const planAspect = live.data?.image ? live.data.image.width / live.data.image.height : 1.5;
  const current = draft ?? stored;
  const dirty = draft !== null;
  const selected = current.markers.find((marker) => marker.id === selectedId) ?? null;

  useEffect(() => {
    if (selectedId) markerRefs.current.get(selectedId)?.focus({ preventScroll: true });
  }, [selectedId]);

  const change = (next: Draft) => {
    setDraft(next);
    setSaved(false);
  };
  const updateMarker = (id: string, patch: Partial<MapMarker>) =>
    change({ ...current, markers: current.markers.map((marker) => (marker.id === id ? ({ ...marker, ...patch } as MapMarker) : marker)) });

  const addMarker = () => {
    if (addKind === 'stage' && !addStage) return;
    const id = nextId(addKind === 'stage' ? `stage-${addStage}` : addKind, current.markers);
    const marker: MapMarker = addKind === 'stage' ? { id, kind: 'stage', stageId: addStage, x: 0.5, y: 0.5 } : { id, kind: addKind, x: 0.5, y: 0.5 };
    change({ ...current, markers: [...current.markers, marker] });
    setSelectedId(id);
  };

  const onMarkerKey = (marker: MapMarker, event: KeyboardEvent<HTMLButtonElement>) => {
    const moved = nudged(marker, event.key, event.shiftKey);
    if (!moved) return;
    event.preventDefault();
    event.stopPropagation();
    updateMarker(marker.id, moved);
  };

  const onMarkerPointerDown = (marker: MapMarker, event: ReactPointerEvent<HTMLButtonElement>) => {
    setSelectedId(marker.id);
    if (drawing) return;
    dragging.current = marker.id;
    event.currentTarget.setPointerCapture(event.pointerId);
  };
  const onMarkerPointerMove = (marker: MapMarker, event: ReactPointerEvent<HTMLButtonElement>) => {
    if (dragging.current !== marker.id || !planRef.current) return;
    updateMarker(marker.id, pointIn(planRef.current.getBoundingClientRect(), event.clientX, event.clientY));
  };
  const onPlanPointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (placingControl !== null && planRef.current && current.georeference) {
      const at = pointIn(planRef.current.getBoundingClientRect(), event.clientX, event.clientY);
      change({ ...current, georeference: { ...current.georeference, planAspect, points: current.georeference.points.map((point, i) => (i === placingControl ? { ...point, ...at } : point)) } });
      setPlacingControl(null);
      return;
    }
    if (!drawing || !planRef.current || (event.target as HTMLElement).closest('.map-pin')) return;
    setDrawing([...drawing, pointIn(planRef.current.getBoundingClientRect(), event.clientX, event.clientY)]);
  };

  const finishRoute = () => {
    if (!drawing || drawing.length < 2) return;
    const route: MapRoute = { id: nextId('route', current.routes), stepFree: newRoute.stepFree, points: drawing, ...(newRoute.label.trim() ? { label: newRoute.label.trim() } : {}) };
    change({ ...current, routes: [...current.routes, route] });
    setDrawing(null);
    setNewRoute({ label: '', stepFree: true });
  };

  const save = () => {
    const parsed = venueMapInputSchema.safeParse({ ...current, updatedAt: new Date() });
    if (!parsed.success) {
      setProblem(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; '));
      return;
    }
    setProblem(null);
    setError(null);
    // Merged: the plan image (the pipeline's fields) stays; markers and routes are replaced whole.
    setDoc(
      doc(db(), firestorePaths.venueMap(programme.festivalId)),
      {
        markers: parsed.data.markers,
        routes: parsed.data.routes,
        georeference: parsed.data.georeference ?? deleteField(),
        walks: parsed.data.walks?.length ? parsed.data.walks : deleteField(),
        updatedAt: serverTimestamp(),
      },
      { merge: true },
    ).catch(setError);
    setDraft(null);
    setSaved(true);
  };

  const markerName = (marker: MapMarker) => nameOf(intl, marker, programme);

  return (
    <>
      {error ? <ErrorNotice error={error} /> : null}
      {live.status === 'error' ? <ErrorNotice error={live.error} /> : null}
      <StaffImageUpload
        festivalId={programme.festivalId}
        subject={{ kind: 'site-plan' }}
        image={live.data?.image}
        upload={live.data?.imageUpload}
        label={<FormattedMessage id="staff.mapEditor.plan" defaultMessage="Site plan (an image: PNG or JPEG export of the plan, up to 20 MB and 40 megapixels)" />}
        previewAlt={intl.formatMessage({ id: 'staff.mapEditor.planAlt', defaultMessage: 'The current site plan' })}
      />
      <div className="map-editor-tools">
        <SelectField
          label={<FormattedMessage id="staff.mapEditor.kind" defaultMessage="Place a" />}
          selectedKey={addKind}
          onChange={(key) => setAddKind(mapMarkerKindSchema.parse(key))}
          options={(['stage', ...FACILITY_KINDS] as const).map((kind) => ({ id: kind, name: intl.formatMessage(kindNames[kind]) }))}
        />
        {addKind === 'stage' ? (
          <SelectField
            label={<FormattedMessage id="staff.mapEditor.stage" defaultMessage="Stage" />}
            selectedKey={addStage || null}
            onChange={setAddStage}
            options={programme.stages.map((stage) => ({ id: stage.id, name: stage.name }))}
          />
        ) : null}
        <Button className="button button-small" onPress={addMarker}>
          <FormattedMessage id="staff.mapEditor.add" defaultMessage="Add to the plan" />
        </Button>
        {drawing ? null : (
          <Button className="button button-small button-secondary" onPress={() => setDrawing([])}>
            <FormattedMessage id="staff.mapEditor.drawRoute" defaultMessage="Draw a route" />
          </Button>
        )}
        <Button className="button button-small" onPress={save} isDisabled={!dirty}>
          <FormattedMessage id="staff.mapEditor.save" defaultMessage="Save the map" />
        </Button>
        {dirty ? (
          <Button className="button button-small button-secondary" onPress={() => setDraft(null)}>
            <FormattedMessage id="staff.mapEditor.discard" defaultMessage="Discard changes" />
          </Button>
        ) : null}
        <span role="status" className="field-hint">
          {dirty ? (
            <FormattedMessage id="staff.mapEditor.unsaved" defaultMessage="Unsaved changes" />
          ) : saved ? (
            live.hasPendingWrites ? (
              <FormattedMessage id="staff.mapEditor.pending" defaultMessage="Saved on this device; waiting to sync" />
            ) : (
              <FormattedMessage id="staff.mapEditor.saved" defaultMessage="Saved" />
            )
          ) : null}
        </span>
      </div>
      {problem ? <p className="field-error" role="alert">{problem}</p> : null}
      <p className="field-hint map-editor-hint">
        <FormattedMessage id="staff.mapEditor.hint" defaultMessage="Select a marker, then drag it or move it with the arrow keys (Shift: five times further). Drag the plan to pan; pinch, the wheel or the buttons zoom." />
      </p>
      {drawing ? (
        <div className="notice notice-info" role="group" aria-label={intl.formatMessage({ id: 'staff.mapEditor.drawingLabel', defaultMessage: 'New route' })}>
          <p>
            <FormattedMessage
              id="staff.mapEditor.drawing"
              defaultMessage="Drawing a route: {count, plural, =0 {click the plan where it starts} one {# point; click where it goes next} other {# points; click where it goes next}}, or add the selected marker’s position."
              values={{ count: drawing.length }}
            />
          </p>
          <TextField className="field" value={newRoute.label} onChange={(label) => setNewRoute({ ...newRoute, label })} maxLength={80}>
            <Label>
              <FormattedMessage id="staff.mapEditor.routeLabel" defaultMessage="Name (optional)" />
            </Label>
            <Input />
          </TextField>
          <label className="checkbox">
            <input type="checkbox" checked={newRoute.stepFree} onChange={(event) => setNewRoute({ ...newRoute, stepFree: event.target.checked })} />
            <FormattedMessage id="staff.mapEditor.stepFree" defaultMessage="Step-free all the way" />
          </label>
          <div className="button-row">
            <Button className="button button-small button-secondary" isDisabled={!selected} onPress={() => selected && setDrawing([...drawing, { x: selected.x, y: selected.y }])}>
              <FormattedMessage id="staff.mapEditor.addSelected" defaultMessage="Add the selected marker’s position" />
            </Button>
            <Button className="button button-small button-secondary" isDisabled={drawing.length === 0} onPress={() => setDrawing(drawing.slice(0, -1))}>
              <FormattedMessage id="staff.mapEditor.undoPoint" defaultMessage="Undo last point" />
            </Button>
            <Button className="button button-small" isDisabled={drawing.length < 2} onPress={finishRoute}>
              <FormattedMessage id="staff.mapEditor.finishRoute" defaultMessage="Finish the route" />
            </Button>
            <Button className="button button-small button-secondary" onPress={() => setDrawing(null)}>
              <FormattedMessage id="staff.mapEditor.cancelRoute" defaultMessage="Cancel" />
            </Button>
          </div>
        </div>
      ) : null}
      <SitePlan
        ref={planRef}
        image={live.data?.image}
        routes={current.routes}
        draft={drawing ?? undefined}
        label={intl.formatMessage({ id: 'staff.mapEditor.planLabel', defaultMessage: 'Site plan being edited' })}
        onPlanPointerDown={onPlanPointerDown}
      >
        {current.markers.map((marker) => (
          <MapPin key={marker.id} point={marker} selected={marker.id === selectedId}>
            <button
              ref={(element) => {
                if (element) markerRefs.current.set(marker.id, element);
                else markerRefs.current.delete(marker.id);
              }}
              type="button"
              className={`map-marker ${marker.kind === 'stage' ? 'map-marker-stage' : 'map-marker-facility'}`}
              style={{ ['--stage-color' as string]: programme.stages.find((stage) => stage.id === marker.stageId)?.color, touchAction: 'none' }}
              aria-pressed={marker.id === selectedId}
              aria-label={intl.formatMessage(
                { id: 'staff.mapEditor.markerLabel', defaultMessage: '{name}, at {x}% across and {y}% down' },
                { name: markerName(marker), x: Math.round(marker.x * 100), y: Math.round(marker.y * 100) },
              )}
              aria-keyshortcuts="ArrowLeft ArrowRight ArrowUp ArrowDown"
              onClick={() => setSelectedId(marker.id)}
              onKeyDown={(event) => onMarkerKey(marker, event)}
              onPointerDown={(event) => onMarkerPointerDown(marker, event)}
              onPointerMove={(event) => onMarkerPointerMove(marker, event)}
              onPointerUp={() => (dragging.current = null)}
              onPointerCancel={() => (dragging.current = null)}
            >
              {marker.kind === 'stage' ? markerName(marker) : <MarkerIcon kind={marker.kind} />}
            </button>
          </MapPin>
        ))}
        {(current.georeference?.points ?? []).map((point, index) => (
          <MapPin key={`control-${index}`} point={point} className="map-pin-control">
            <span className="map-control-point" aria-hidden="true">
              {index + 1}
            </span>
          </MapPin>
        ))}
      </SitePlan>
      <GeoreferenceEditor
        value={current.georeference}
        planAspect={planAspect}
        placing={placingControl}
        onChange={(georeference) => change({ ...current, georeference })}
        onPlace={setPlacingControl}
      />
      <StageWalksEditor
        stages={programme.stages}
        markers={current.markers}
        georeference={current.georeference}
        walks={current.walks ?? []}
        onChange={(walks) => change({ ...current, walks })}
      />
      {selected ? (
        <div className="panel" style={{ marginTop: 'var(--space-3)' }} aria-labelledby="selected-marker-title">
          <h3 id="selected-marker-title">{markerName(selected)}</h3>
          <p className="field-hint">
            <FormattedMessage id="staff.mapEditor.position" defaultMessage="{x}% across, {y}% down" values={{ x: Math.round(selected.x * 100), y: Math.round(selected.y * 100) }} />
          </p>
          <div className="form-grid">
            <TextField
              className="field"
              value={selected.label ?? ''}
              maxLength={80}
              onChange={(label) => updateMarker(selected.id, { label: label.trim() ? label : undefined })}
            >
              <Label>
                <FormattedMessage id="staff.mapEditor.label" defaultMessage="Name in English (optional, e.g. “Toilets by the north gate”)" />
              </Label>
              <Input />
            </TextField>
            {/* Visitors reading Dutch see this name; left empty, they see the English one (placeNames, model/src/venue/place-names.ts). */}
            <TextField
              className="field"
              value={selected.labelNl ?? ''}
              maxLength={80}
              onChange={(labelNl) => updateMarker(selected.id, { labelNl: labelNl.trim() ? labelNl : undefined })}
            >
              <Label>
                <FormattedMessage id="staff.mapEditor.labelNl" defaultMessage="Name in Dutch (optional, e.g. “Toiletten bij de noordingang”)" />
              </Label>
              <Input lang="nl" />
            </TextField>
          </div>
          <div className="button-row">
            <Button
              className="button button-small button-secondary"
              onPress={() => {
                change({ ...current, markers: current.markers.filter((marker) => marker.id !== selected.id) });
                setSelectedId(null);
              }}
            >
              <FormattedMessage id="staff.mapEditor.remove" defaultMessage="Remove from the plan" />
            </Button>
          </div>
        </div>
      ) : null}
      <h3>
        <FormattedMessage id="staff.mapEditor.listTitle" defaultMessage="Markers on the plan" />
      </h3>
      <div className="table-scroll">
        <table className="data-table map-editor-list responsive-table">
          <caption className="visually-hidden">
            <FormattedMessage id="staff.mapEditor.listCaption" defaultMessage="Every marker on the plan, with its position" />
          </caption>
          <thead>
            <tr>
              <th scope="col">
                <FormattedMessage id="staff.mapEditor.marker" defaultMessage="Marker" />
              </th>
              <th scope="col">
                <FormattedMessage id="staff.mapEditor.where" defaultMessage="Position" />
              </th>
              <th scope="col">
                <span className="visually-hidden">
                  <FormattedMessage id="staff.mapEditor.actions" defaultMessage="Actions" />
                </span>
              </th>
            </tr>
          </thead>
          <tbody>
            {current.markers.map((marker) => (
              <tr key={marker.id} aria-selected={marker.id === selectedId}>
                <td>{markerName(marker)}</td>
                <td>
                  <FormattedMessage id="staff.mapEditor.position" defaultMessage="{x}% across, {y}% down" values={{ x: Math.round(marker.x * 100), y: Math.round(marker.y * 100) }} />
                </td>
                <td className="cell-action">
                  <Button className="button button-small button-secondary" onPress={() => setSelectedId(marker.id)} aria-label={intl.formatMessage({ id: 'staff.mapEditor.selectLabel', defaultMessage: 'Select {name} to move it' }, { name: markerName(marker) })}>
                    <FormattedMessage id="staff.mapEditor.select" defaultMessage="Select" />
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <h3>
        <FormattedMessage id="staff.mapEditor.routesTitle" defaultMessage="Routes" />
      </h3>
      {current.routes.length === 0 ? (
        <p className="muted">
          <FormattedMessage id="staff.mapEditor.noRoutes" defaultMessage="No routes yet." />
        </p>
      ) : (
        <ul className="set-list">
          {current.routes.map((route) => (
            <li key={route.id} className="set-card">
              <span>
                {route.label ?? route.id}{' '}
                <span className="muted">
                  <FormattedMessage id="staff.mapEditor.points" defaultMessage="({count} points)" values={{ count: route.points.length }} />
                </span>
              </span>
              <label className="checkbox">
                <input
                  type="checkbox"
                  checked={route.stepFree}
                  onChange={(event) => change({ ...current, routes: current.routes.map((other) => (other.id === route.id ? { ...other, stepFree: event.target.checked } : other)) })}
                />
                <FormattedMessage id="staff.mapEditor.stepFreeShort" defaultMessage="Step-free" />
              </label>
              <Button
                className="button button-small button-secondary"
                onPress={() => change({ ...current, routes: current.routes.filter((other) => other.id !== route.id) })}
                aria-label={intl.formatMessage({ id: 'staff.mapEditor.removeRouteLabel', defaultMessage: 'Remove route {name}' }, { name: route.label ?? route.id })}
              >
                <FormattedMessage id="staff.mapEditor.removeRoute" defaultMessage="Remove" />
              </Button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function nameOf(intl: IntlShape, marker: MapMarker, programme: Programme): string {
  if (marker.kind === 'stage') return programme.stages.find((stage) => stage.id === marker.stageId)?.name ?? marker.stageId ?? marker.id;
  const kind = intl.formatMessage(kindNames[marker.kind]);
  return marker.label ? `${kind}: ${marker.label}` : kind;
}
