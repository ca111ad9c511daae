import type { Festival } from '@encore/model';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Button } from 'react-aria-components';
import { FormattedMessage } from 'react-intl';
import { useFestival } from '../../festival/FestivalContext';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { FestivalFormFields, timeZones } from '../organiser/FestivalFields';
import { festivalHref } from '../organiser/festival-href';
import { formOfFestival, toFestivalFields, validateFestivalFields, type FestivalFormValues, type FieldErrors } from '../organiser/festival-form';
import { saveFestival } from './api/save-festival';
import { festivalPatch, isEmptyPatch } from './festival-patch';
import { DatesNotice, TimeZoneNotice } from './ScheduleNotices';
import './festival-settings.css';

type SaveState = { step: 'idle' } | { step: 'saving' } | { step: 'saved' } | { step: 'failed'; error: unknown };

/**
 * The festival's details, as the create form has them, for an existing festival. A save writes
 * only the fields changed since the form was filled (festival-patch.ts); while nothing is
 * changed, the form follows the document (a colleague's save shows). The zone and the first
 * time list are the browser's, with the festival's own zone first.
 */
export function FestivalEditForm({ festivalId, festival, pendingWrites, offline }: { festivalId: string; festival: Festival; pendingWrites: boolean; offline: boolean }) {
  const zones = useMemo(() => {
    const known = timeZones();
    return [festival.timeZone, ...known.filter((zone) => zone !== festival.timeZone)];
    // The list is built once: a zone saved later is in it already.
  }, []);
  const [base, setBase] = useState<FestivalFormValues>(() => formOfFestival(festivalId, festival));
  const [values, setValues] = useState<FestivalFormValues>(base);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [save, setSave] = useState<SaveState>({ step: 'idle' });
  const form = useRef<HTMLFormElement>(null);
  const sets = useFestival().programme?.performances ?? [];

  const patch = useMemo(() => festivalPatch(toFestivalFields(base), toFestivalFields(values)), [base, values]);
  const dirty = !isEmptyPatch(patch);

  // Untouched, the form shows the document as it is now; edits (and a save under way or refused) are never overwritten.
  useEffect(() => {
    if (dirty || save.step === 'saving' || save.step === 'failed') return;
    const next = formOfFestival(festivalId, festival);
    setBase(next);
    setValues(next);
  }, [festival]);

  const update = useCallback(
    (change: Partial<FestivalFormValues>) => {
      setValues((previous) => {
        const next = { ...previous, ...change };
        if (submitted) setErrors(validateFestivalFields(next).errors);
        return next;
      });
      setSave((previous) => (previous.step === 'saved' ? { step: 'idle' } : previous));
    },
    [submitted],
  );

  const submit = () => {
    setSubmitted(true);
    const checked = validateFestivalFields(values);
    setErrors(checked.errors);
    if (!checked.festival) {
      requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    if (!dirty) return;
    const before = base;
    setBase(values);
    setSave({ step: 'saving' });
    saveFestival(festivalId, patch).then(
      () => setSave({ step: 'saved' }),
      (error: unknown) => {
        // The edits stay, still unsaved, to try again.
        setBase(before);
        setSave({ step: 'failed', error });
      },
    );
  };

  const errorCount = Object.keys(errors).length;
  return (
    <form
      ref={form}
      className="organiser-form"
      noValidate
      aria-labelledby="festival-details-title"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <h3 id="festival-details-title">
        <FormattedMessage id="festival-settings.form.title" defaultMessage="Details and look" />
      </h3>
      <FestivalFormFields
        values={values}
        update={update}
        errors={errors}
        zones={zones}
        address={<FestivalAddress festivalId={festivalId} />}
        datesNotice={<DatesNotice sets={sets} saved={festival} values={values} />}
        timeZoneNotice={<TimeZoneNotice sets={sets} saved={festival} values={values} />}
      />
      {submitted && errorCount > 0 ? (
        <p className="notice notice-error" role="alert">
          <FormattedMessage
            id="festival-settings.form.fixFields"
            defaultMessage="{count, plural, one {One field needs} other {# fields need}} your attention: see the messages beside them. Nothing was saved."
            values={{ count: errorCount }}
          />
        </p>
      ) : null}
      {save.step === 'failed' ? <ErrorNotice error={save.error} /> : null}
      <div className="button-row festival-settings-actions">
        <Button type="submit" className="button" isDisabled={!dirty}>
          <FormattedMessage id="festival-settings.form.save" defaultMessage="Save the changes" />
        </Button>
        {dirty ? (
          <Button
            className="button button-secondary"
            onPress={() => {
              setValues(base);
              setErrors({});
              setSubmitted(false);
              setSave({ step: 'idle' });
            }}
          >
            <FormattedMessage id="festival-settings.form.discard" defaultMessage="Discard the changes" />
          </Button>
        ) : null}
        <span role="status" className="field-hint">
          <SaveStatus save={save} dirty={dirty} pendingWrites={pendingWrites} offline={offline} />
        </span>
      </div>
    </form>
  );
}

function SaveStatus({ save, dirty, pendingWrites, offline }: { save: SaveState; dirty: boolean; pendingWrites: boolean; offline: boolean }) {
  if (save.step === 'saving' && offline) {
    return <FormattedMessage id="festival-settings.form.offline" defaultMessage="Offline: saved on this device, and sent when the connection is back." />;
  }
  if (save.step === 'saving' || (save.step === 'saved' && pendingWrites)) {
    return <FormattedMessage id="festival-settings.form.saving" defaultMessage="Saving…" />;
  }
  if (save.step === 'saved') return <FormattedMessage id="festival-settings.form.saved" defaultMessage="Saved: visitors see the changes." />;
  if (dirty) return <FormattedMessage id="festival-settings.form.unsaved" defaultMessage="Unsaved changes" />;
  return null;
}

/** The festival's address: fixed once created (links people shared must keep working). */
function FestivalAddress({ festivalId }: { festivalId: string }) {
  return (
    <div className="field">
      <span className="field-label">
        <FormattedMessage id="festival-settings.form.address" defaultMessage="Web address" />
      </span>
      <p className="festival-settings-address">
        <strong className="organiser-address">{festivalHref(festivalId)}</strong>
      </p>
      <p className="field-hint">
        <FormattedMessage id="festival-settings.form.addressHint" defaultMessage="The festival’s address cannot change: links visitors shared keep working." />
      </p>
    </div>
  );
}
