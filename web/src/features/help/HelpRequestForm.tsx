import { HELP_KINDS, HELP_NOTE_MAX, type HelpKind, type HelpPosition, type Locale } from '@encore/model';
import { useEffect, useState, type FormEvent } from 'react';
import { Button, Label, Radio, RadioGroup, Text, TextArea, TextField } from 'react-aria-components';
import { useIntl } from 'react-intl';
import { LazyErrorNotice } from '../../ui/LazyErrorNotice';
import { useAccount } from '../account/AccountContext';
import type { PositionState } from '../venue/use-position';
import { HelpLimitError, sendHelpRequest } from './help-api';
import { helpKindNames, helpMessages } from './help-messages';

/**
 * The request: what help (radios), a note, and the person's position only if they turn it on
 * (off by default). Sending queues the write and hands its id to the page at once, so the
 * steps (and "waiting for a connection") show whether or not the phone is online.
 */
export function HelpRequestForm({ festivalId, position, planPosition, canLocate, offPlan, onSent }: {
  festivalId: string;
  position: { state: PositionState; start(): void; stop(): void };
  /** Where the person is on the plan, once they shared it and the phone found it on the site. */
  planPosition: HelpPosition | null;
  /** Whether the plan can place a position at all (it has a georeference). */
  canLocate: boolean;
  offPlan: boolean;
  onSent(requestId: string): void;
}) {
  const intl = useIntl();
  const { ensureSignedIn } = useAccount();
  const [kind, setKind] = useState<HelpKind>('first-aid');
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const sharing = position.state.status !== 'off';
  // A request must queue even with no network (the field's reception fails when it is needed
  // most), and Firestore queues only under a uid: a visitor with no account yet gets one when
  // the form opens, not when they send, which offline would wait for the network.
  useEffect(() => {
    void ensureSignedIn();
  }, [ensureSignedIn]);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const uid = await ensureSignedIn();
      const { requestId, sent } = await sendHelpRequest(festivalId, uid, { kind, note, position: sharing ? planPosition : null, locale: intl.locale === 'nl' ? 'nl' : ('en' satisfies Locale) });
      // A refusal arrives later (the rules, once online): the status view shows the request is not there.
      sent.catch(() => undefined);
      position.stop();
      onSent(requestId);
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="panel help-form" aria-labelledby="help-form-title">
      <h2 id="help-form-title">{intl.formatMessage(helpMessages.formTitle)}</h2>
      <form className="stack" onSubmit={(event) => void submit(event)}>
        <RadioGroup className="field" value={kind} onChange={(value) => setKind(value as HelpKind)}>
          <Label className="field-label">{intl.formatMessage(helpMessages.kindLabel)}</Label>
          {HELP_KINDS.map((option) => (
            <Radio key={option} value={option} className="radio">
              {intl.formatMessage(helpKindNames[option])}
            </Radio>
          ))}
        </RadioGroup>
        <TextField className="field" value={note} onChange={setNote} maxLength={HELP_NOTE_MAX}>
          <Label className="field-label">{intl.formatMessage(helpMessages.noteLabel)}</Label>
          <TextArea rows={3} />
          <Text slot="description" className="field-hint">
            {intl.formatMessage(helpMessages.noteHint, { max: HELP_NOTE_MAX })}
          </Text>
        </TextField>
        <div className="field">
          <label className="switch">
            <input
              type="checkbox"
              role="switch"
              checked={sharing}
              disabled={!canLocate}
              aria-describedby="help-position-hint help-position-state"
              onChange={(event) => (event.target.checked ? position.start() : position.stop())}
            />
            <span className="switch-indicator" aria-hidden="true" />
            {intl.formatMessage(helpMessages.sharePosition)}
          </label>
          <p id="help-position-hint" className="field-hint">
            {intl.formatMessage(helpMessages.sharePositionHint)}
          </p>
          <p id="help-position-state" className="field-hint" role="status">
            {positionLine(intl, position.state, planPosition, canLocate, offPlan)}
          </p>
        </div>
        {error instanceof HelpLimitError ? (
          <p className="notice notice-error" role="alert">
            {intl.formatMessage(helpMessages.limit)}
          </p>
        ) : error ? (
          <LazyErrorNotice error={error} />
        ) : null}
        <Button type="submit" className="button help-send" isDisabled={busy}>
          {intl.formatMessage(busy ? helpMessages.sending : helpMessages.send)}
        </Button>
      </form>
    </section>
  );
}

function positionLine(intl: ReturnType<typeof useIntl>, state: PositionState, planPosition: HelpPosition | null, canLocate: boolean, offPlan: boolean): string {
  if (!canLocate) return intl.formatMessage(helpMessages.positionNoPlan);
  switch (state.status) {
    case 'off':
      return '';
    case 'locating':
      return intl.formatMessage(helpMessages.positionLocating);
    case 'denied':
      return intl.formatMessage(helpMessages.positionDenied);
    case 'unavailable':
      return intl.formatMessage(helpMessages.positionUnavailable);
    case 'on':
      if (offPlan || !planPosition) return intl.formatMessage(helpMessages.positionOffPlan);
      return intl.formatMessage(helpMessages.positionReady, { accuracy: intl.formatNumber(Math.round(planPosition.accuracy), { style: 'unit', unit: 'meter' }) });
  }
}
