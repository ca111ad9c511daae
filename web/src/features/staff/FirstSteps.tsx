import { useState } from 'react';
import { Button } from 'react-aria-components';
import { FormattedMessage, defineMessages, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { dismissFirstSteps, firstStepsDismissed, type FirstStepKey, type FirstStepsDone } from './first-steps';

const steps = defineMessages({
  stages: { id: 'staff.firstSteps.stages', defaultMessage: 'Add the stages' },
  stagesHint: { id: 'staff.firstSteps.stagesHint', defaultMessage: 'Every set plays on one: add them first, in the order the timetable shows them.' },
  programme: { id: 'staff.firstSteps.programme', defaultMessage: 'Put the programme in' },
  programmeHint: { id: 'staff.firstSteps.programmeHint', defaultMessage: 'Import it from a spreadsheet, or add artists and sets one by one in the editor.' },
  map: { id: 'staff.firstSteps.map', defaultMessage: 'Draw the venue map' },
  mapHint: { id: 'staff.firstSteps.mapHint', defaultMessage: 'Upload the site plan and place the stages and facilities on it.' },
  info: { id: 'staff.firstSteps.info', defaultMessage: 'Write an info page' },
  infoHint: { id: 'staff.firstSteps.infoHint', defaultMessage: 'Opening hours, tickets, house rules: what visitors look up.' },
  brand: { id: 'staff.firstSteps.brand', defaultMessage: 'Your logo and app icon' },
  brandHint: { id: 'staff.firstSteps.brandHint', defaultMessage: 'The logo shows in the app’s header; the icon on visitors’ home screens. Both on the Festival page.' },
});

const ORDER: Array<{ key: FirstStepKey; to: string; editor?: string }> = [
  { key: 'stages', to: '/programme' },
  { key: 'programme', to: '/import', editor: '/programme' },
  { key: 'map', to: '/map' },
  { key: 'info', to: '/info' },
  { key: 'brand', to: '/festival' },
];

/**
 * A new festival's first steps on the console's dashboard: stages, the programme, the map, the
 * info pages and, for its admins (`withBrand`), the logo and app icon, each saying whether it is
 * done, with a link to where it is done. Shown until all are done or the person hides it
 * (remembered on this device, per festival).
 */
export function FirstSteps({ festivalId, done, withBrand = false }: { festivalId: string; done: FirstStepsDone; withBrand?: boolean }) {
  const intl = useIntl();
  const [dismissed, setDismissed] = useState(() => firstStepsDismissed(festivalId));
  const shown = withBrand ? ORDER : ORDER.filter((step) => step.key !== 'brand');
  const known = shown.every((step) => done[step.key] !== undefined);
  const count = shown.filter((step) => done[step.key] === true).length;
  if (dismissed || !known || count === shown.length) return null;
  return (
    <section className="panel first-steps" aria-labelledby="first-steps-title">
      <h3 id="first-steps-title">
        <FormattedMessage id="staff.firstSteps.title" defaultMessage="First steps" />
      </h3>
      <p className="muted">
        <FormattedMessage id="staff.firstSteps.progress" defaultMessage="{done} of {total} done." values={{ done: count, total: shown.length }} />
      </p>
      <ol className="first-steps-list">
        {shown.map((step) => {
          const isDone = done[step.key] === true;
          return (
            <li key={step.key} data-done={isDone || undefined}>
              <span className="first-steps-mark" aria-hidden="true">
                {isDone ? '✓' : ''}
              </span>
              <span className="first-steps-text">
                <span>
                <Link to={step.to}>{intl.formatMessage(steps[step.key])}</Link>
                {step.editor ? (
                  <>
                    {' '}
                    <FormattedMessage
                      id="staff.firstSteps.orEditor"
                      defaultMessage="(or use the <link>editor</link>)"
                      values={{ link: (chunks) => <Link to={step.editor!}>{chunks}</Link> }}
                    />
                  </>
                ) : null}
                <span className="visually-hidden">
                  {isDone ? (
                    <FormattedMessage id="staff.firstSteps.done" defaultMessage=": done" />
                  ) : (
                    <FormattedMessage id="staff.firstSteps.toDo" defaultMessage=": to do" />
                  )}
                </span>
                </span>
                <span className="field-hint">{intl.formatMessage(steps[`${step.key}Hint`])}</span>
              </span>
            </li>
          );
        })}
      </ol>
      <Button
        className="button button-secondary"
        onPress={() => {
          dismissFirstSteps(festivalId);
          setDismissed(true);
        }}
      >
        <FormattedMessage id="staff.firstSteps.dismiss" defaultMessage="Hide the first steps" />
      </Button>
    </section>
  );
}
