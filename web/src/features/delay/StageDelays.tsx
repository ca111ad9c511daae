import { delayableSets, firestorePaths, planDelay, planUndo, stageDelaySchema, type ProgrammeSet } from '@encore/model';
import { collection, query, where } from 'firebase/firestore';
import { useMemo, useState } from 'react';
import { Button } from 'react-aria-components';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Programme } from '../../festival/programme';
import { db } from '../../firebase/firestore';
import { useLiveQuery } from '../../firebase/live';
import { useNow } from '../../time/ClockContext';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { useAccount } from '../account/AccountContext';
import { commitDelay, commitUndo, newDelayId } from './delay-api';
import { RunningLateDialog, type RunningLateChoice } from './RunningLateDialog';
import './delay.css';

/**
 * The console programme's "running late" (issue 36), for the festival day shown: one action
 * per stage with sets still to come, and the day's active delays, each with "Undo delay".
 * Writes are single batches (delay-api.ts); like the editor's other writes they show at once
 * and report an error when the server refuses them.
 */
export function StageDelays({ programme, day }: { programme: Programme; day: string }) {
  const intl = useIntl();
  const now = useNow();
  const { account } = useAccount();
  const [stageId, setStageId] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [blocked, setBlocked] = useState(false);
  const festivalId = programme.festivalId;
  const activeQuery = useMemo(() => query(collection(db(), firestorePaths.delays(festivalId)), where('status', '==', 'active')), [festivalId]);
  const active = useLiveQuery(activeQuery, stageDelaySchema).data.filter((delay) => delay.day === day);
  const sets: ProgrammeSet[] = useMemo(() => programme.performances.map(({ id, ...data }) => ({ id, data })), [programme.performances]);
  const stageName = (id: string) => programme.stages.find((stage) => stage.id === id)?.name ?? id;
  const delayableOf = (id: string) => delayableSets(sets, id, day, programme.festival, now);
  const lateStages = programme.stages.filter((stage) => delayableOf(stage.id).length > 0);

  const confirm = (id: string, choice: RunningLateChoice) => {
    setStageId(null);
    if (!account) return;
    const delayId = newDelayId(festivalId);
    const request = { stageId: id, day, ...choice };
    const plan = planDelay(delayableOf(id), request, delayId);
    if (!plan.ok) return;
    setError(null);
    commitDelay(festivalId, delayId, request, plan, account.uid).catch(setError);
  };

  const undo = (delay: (typeof active)[number]) => {
    if (!account) return;
    const plan = planUndo(delay.id, delay, sets);
    setBlocked(!plan.ok && plan.problem === 'later-delay');
    if (!plan.ok) return;
    setError(null);
    commitUndo(festivalId, delay.id, plan.shifts, account.uid).catch(setError);
  };

  if (lateStages.length === 0 && active.length === 0) return null;
  return (
    <section className="stage-delays" aria-labelledby="stage-delays-title">
      <h3 id="stage-delays-title">
        <FormattedMessage id="delay.stageDelays.title" defaultMessage="Running late" />
      </h3>
      {error ? <ErrorNotice error={error} /> : null}
      {blocked ? (
        <p className="notice notice-warn" role="alert">
          <FormattedMessage id="delay.stageDelays.laterFirst" defaultMessage="A later delay moved these sets again: undo that one first." />
        </p>
      ) : null}
      <div className="button-row">
        {lateStages.map((stage) => (
          <Button key={stage.id} className="button button-secondary button-small" onPress={() => setStageId(stage.id)}>
            <FormattedMessage id="delay.stageDelays.action" defaultMessage="{stage}: running late" values={{ stage: stage.name }} />
          </Button>
        ))}
      </div>
      {active.length > 0 ? (
        <ul aria-label={intl.formatMessage({ id: 'delay.stageDelays.active', defaultMessage: 'Delays in force' })}>
          {active.map((delay) => (
            <li key={delay.id}>
              <span>
                <FormattedMessage
                  id="delay.stageDelays.delay"
                  defaultMessage="{stage} {minutes} min late ({count, plural, one {# set} other {# sets}})"
                  values={{ stage: stageName(delay.stageId), minutes: delay.minutes, count: delay.performanceIds.length }}
                />
              </span>
              <Button
                className="button button-secondary button-small"
                onPress={() => undo(delay)}
                // The name starts with the words on the button (WCAG 2.5.3, axe label-content-name-mismatch), then says which delay.
                aria-label={intl.formatMessage({ id: 'delay.stageDelays.undoLabel', defaultMessage: 'Undo delay: {stage}, {minutes} min' }, { minutes: delay.minutes, stage: stageName(delay.stageId) })}
              >
                <FormattedMessage id="delay.stageDelays.undo" defaultMessage="Undo delay" />
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      {stageId ? (
        <RunningLateDialog programme={programme} stageName={stageName(stageId)} delayable={delayableOf(stageId)} onConfirm={(choice) => confirm(stageId, choice)} onClose={() => setStageId(null)} />
      ) : null}
    </section>
  );
}
