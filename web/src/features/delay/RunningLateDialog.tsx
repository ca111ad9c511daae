import { DELAY_MAX_MINUTES, DELAY_MIN_MINUTES, DELAY_PRESET_MINUTES, planDelay, type ProgrammeSet } from '@encore/model';
import { useState } from 'react';
import { Button, Dialog, Group, Heading, Input, Label, Modal, ModalOverlay, NumberField } from 'react-aria-components';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Programme } from '../../festival/programme';
import { clockTime } from '../../time/format';
import { SelectField } from '../../ui/SelectField';
import { WasTime } from './WasTime';
import './delay.css';

const ALL = 'all';

export interface RunningLateChoice {
  minutes: number;
  fromPerformanceId: string | undefined;
}

/**
 * "Running late" for one stage and festival day: how many minutes (presets 5-30 or any number
 * 1-240), from which set on (every set not yet started by default), a preview of each set's
 * new time beside its old one, then one confirm. Phone first: one column, 44 px targets.
 */
export function RunningLateDialog({
  programme,
  stageName,
  delayable,
  onConfirm,
  onClose,
}: {
  programme: Programme;
  stageName: string;
  /** The stage's sets of the day not yet started, in start order (delayableSets). */
  delayable: readonly ProgrammeSet[];
  onConfirm(choice: RunningLateChoice): void;
  onClose(): void;
}) {
  const intl = useIntl();
  const [minutes, setMinutes] = useState(15);
  const [from, setFrom] = useState(ALL);
  const artistOf = (set: ProgrammeSet) => programme.artists.get(set.data.artistId)?.name ?? set.data.artistId;
  const valid = Number.isInteger(minutes) && minutes >= DELAY_MIN_MINUTES && minutes <= DELAY_MAX_MINUTES;
  const plan = planDelay(delayable, { stageId: '', day: '', minutes: valid ? minutes : 0, fromPerformanceId: from === ALL ? undefined : from }, 'preview');
  const moving = plan.ok ? plan.shifts : [];

  return (
    <ModalOverlay className="modal-overlay" isDismissable isOpen onOpenChange={(open) => (open ? null : onClose())}>
      <Modal className="modal modal-small running-late">
        <Dialog>
          <Heading slot="title">
            <FormattedMessage id="delay.runningLate.title" defaultMessage="{stage} running late" values={{ stage: stageName }} />
          </Heading>
          <fieldset className="running-late-minutes">
            <legend>
              <FormattedMessage id="delay.runningLate.howLate" defaultMessage="How late" />
            </legend>
            <div className="button-row">
              {DELAY_PRESET_MINUTES.map((preset) => (
                <Button key={preset} className={`button button-small${preset === minutes ? '' : ' button-secondary'}`} aria-pressed={preset === minutes} onPress={() => setMinutes(preset)}>
                  <FormattedMessage id="delay.runningLate.preset" defaultMessage="{minutes} min" values={{ minutes: preset }} />
                </Button>
              ))}
            </div>
            <NumberField className="field" value={minutes} onChange={setMinutes} minValue={DELAY_MIN_MINUTES} maxValue={DELAY_MAX_MINUTES} step={1} formatOptions={{ maximumFractionDigits: 0 }}>
              <Label>
                <FormattedMessage id="delay.runningLate.minutes" defaultMessage="Minutes late (1-240)" />
              </Label>
              <Group className="number-stepper">
                <Button slot="decrement" className="button button-secondary button-small">
                  −
                </Button>
                <Input className="input" />
                <Button slot="increment" className="button button-secondary button-small">
                  +
                </Button>
              </Group>
            </NumberField>
          </fieldset>
          <SelectField
            label={intl.formatMessage({ id: 'delay.runningLate.from', defaultMessage: 'Sets to move' })}
            selectedKey={from}
            onChange={setFrom}
            options={[
              { id: ALL, name: intl.formatMessage({ id: 'delay.runningLate.all', defaultMessage: 'Every set not yet started' }) },
              ...delayable.map((set) => ({
                id: set.id,
                name: intl.formatMessage({ id: 'delay.runningLate.fromSet', defaultMessage: 'From {artist} ({time}) on' }, { artist: artistOf(set), time: clockTime(intl, set.data.startsAt, programme.festival) }),
              })),
            ]}
          />
          <h3 className="running-late-preview-title">
            <FormattedMessage id="delay.runningLate.preview" defaultMessage="New times" />
          </h3>
          <ul className="running-late-preview" aria-live="polite">
            {moving.map((shift) => {
              const set = delayable.find((candidate) => candidate.id === shift.performanceId)!;
              return (
                <li key={shift.performanceId}>
                  <span>{artistOf(set)}</span>{' '}
                  <strong>{clockTime(intl, shift.startsAt, programme.festival)}</strong>
                  <WasTime scheduled={{ startsAt: set.data.startsAt, endsAt: set.data.endsAt }} festival={programme.festival} />
                </li>
              );
            })}
          </ul>
          <p className="muted">
            <FormattedMessage id="delay.runningLate.tell" defaultMessage="Each fan of these sets gets one notice and one push." />
          </p>
          <div className="button-row">
            <Button className="button" isDisabled={!valid || moving.length === 0} onPress={() => onConfirm({ minutes, fromPerformanceId: from === ALL ? undefined : from })}>
              <FormattedMessage id="delay.runningLate.confirm" defaultMessage="Move {count, plural, one {# set} other {# sets}} {minutes} min later" values={{ count: moving.length, minutes: valid ? minutes : 0 }} />
            </Button>
            <Button className="button button-secondary" onPress={onClose}>
              <FormattedMessage id="delay.runningLate.cancel" defaultMessage="Cancel" />
            </Button>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
