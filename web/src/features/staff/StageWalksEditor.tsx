import { MAX_WALK_MINUTES, stagePairKey, stageWalkFromPlan, type GeoreferenceInput, type MapMarker, type StageWalkInput } from '@encore/model';
import { useId } from 'react';
import { Input, Label, NumberField } from 'react-aria-components';
import { FormattedMessage, useIntl } from 'react-intl';

interface Stage {
  id: string;
  name: string;
}

/**
 * Walking minutes between each pair of stages, as staff know them: visitors' clash advice and
 * "next" on My schedule use them before the plan's straight line (model/src/venue/walking.ts).
 * A field left empty keeps the plan's minutes, shown as its placeholder (or "unknown" while the
 * plan has no scale or a stage no marker). One row per pair: a walk is the same both ways.
 * Kept in the map's draft and saved with it.
 */
export function StageWalksEditor({
  stages,
  markers,
  georeference,
  walks,
  onChange,
}: {
  stages: readonly Stage[];
  markers: readonly MapMarker[];
  georeference: GeoreferenceInput | undefined;
  walks: readonly StageWalkInput[];
  onChange(next: StageWalkInput[]): void;
}) {
  const intl = useIntl();
  const id = useId();
  const fromPlan = stageWalkFromPlan(markers, georeference);
  const entered = new Map(walks.map((walk) => [stagePairKey(walk.from, walk.to), walk]));
  const pairs = stages.flatMap((from, i) => stages.slice(i + 1).map((to) => ({ from, to })));

  // React Aria's NumberField commits on blur or Enter, clamped to 1-120 whole minutes, and NaN
  // when emptied: empty gives the pair back to the plan.
  const setMinutes = (from: string, to: string, minutes: number) => {
    const key = stagePairKey(from, to);
    const others = walks.filter((walk) => stagePairKey(walk.from, walk.to) !== key);
    onChange(Number.isNaN(minutes) ? others : [...others, { from, to, minutes }]);
  };

  if (pairs.length === 0) return null;
  return (
    <section className="panel" aria-labelledby={`${id}-title`} style={{ marginTop: 'var(--space-3)' }}>
      <h3 id={`${id}-title`}>
        <FormattedMessage id="staff.walks.title" defaultMessage="Walking minutes between stages" />
      </h3>
      <p className="field-hint" id={`${id}-hint`}>
        <FormattedMessage
          id="staff.walks.hint"
          defaultMessage="Visitors' clash advice uses these. Leave a field empty to use the plan's straight line (shown greyed); enter the minutes where you know better: a bridge, a field closed in between."
        />
      </p>
      <ul className="stage-walks">
        {pairs.map(({ from, to }) => {
          const walk = entered.get(stagePairKey(from.id, to.id));
          const planned = fromPlan(from.id, to.id);
          return (
            <li key={`${from.id} ${to.id}`}>
              <NumberField
                className="field stage-walk"
                minValue={1}
                maxValue={MAX_WALK_MINUTES}
                step={1}
                formatOptions={{ maximumFractionDigits: 0 }}
                value={walk?.minutes ?? Number.NaN}
                onChange={(minutes) => setMinutes(from.id, to.id, minutes)}
                aria-describedby={`${id}-hint`}
              >
                <Label>
                  <FormattedMessage id="staff.walks.pair" defaultMessage="{from} – {to}, in minutes" values={{ from: from.name, to: to.name }} />
                </Label>
                <Input
                  inputMode="numeric"
                  placeholder={
                    planned === null
                      ? intl.formatMessage({ id: 'staff.walks.unknown', defaultMessage: 'unknown' })
                      : intl.formatMessage({ id: 'staff.walks.fromPlan', defaultMessage: '{minutes} (the plan)' }, { minutes: planned })
                  }
                />
              </NumberField>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
