import { suggestFestivalId } from '@encore/model';
import { useCallback, useMemo, useRef, useState } from 'react';
import { Button } from 'react-aria-components';
import { FormattedMessage, useIntl } from 'react-intl';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { createFestival } from './api/create-festival';
import { festivalHref } from './festival-href';
import { Field, FestivalFormFields, timeZones } from './FestivalFields';
import '../staff/staff-tools.css';
import {
  emptyFestivalForm,
  needsSecondFactor,
  serverFieldErrors,
  validateFestivalForm,
  type FestivalFormValues,
  type FieldError as FormFieldError,
  type FieldErrors,
  type FieldKey,
} from './festival-form';

type Navigate = (href: string) => void;

/**
 * Creating a festival (`createFestival`): its name and address, dates, time zone and the hour
 * its days start, venue, languages, look and links. Checked with the model's own schema and the
 * colours' contrast check before anything is sent; the server's refusals are shown beside the
 * fields they name. On success the browser goes to the new festival's console.
 */
export function CreateFestivalForm({ navigate = (href) => window.location.assign(href) }: { navigate?: Navigate }) {
  const intl = useIntl();
  const zones = useMemo(timeZones, []);
  const [values, setValues] = useState<FestivalFormValues>(() => emptyFestivalForm(zones[0]!));
  const [idEdited, setIdEdited] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [state, setState] = useState<'idle' | 'creating'>('idle');
  const [serverError, setServerError] = useState<unknown>(null);
  const [secondFactor, setSecondFactor] = useState(false);
  const form = useRef<HTMLFormElement>(null);

  const update = useCallback((patch: Partial<FestivalFormValues>) => {
    setValues((previous) => {
      const next = { ...previous, ...patch };
      if (!idEdited && ('name' in patch || 'shortName' in patch || 'startsOn' in patch)) {
        next.festivalId = next.name.trim() || next.shortName.trim() ? suggestFestivalId(next.shortName.trim() || next.name, next.startsOn) : '';
      }
      if (submitted) setErrors(validateFestivalForm(next).errors);
      return next;
    });
  }, [idEdited, submitted]);

  const submit = () => {
    setSubmitted(true);
    setServerError(null);
    setSecondFactor(false);
    const checked = validateFestivalForm(values);
    setErrors(checked.errors);
    if (!checked.input) {
      // Focus the first field that needs attention, so a keyboard or screen reader lands on it.
      requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    setState('creating');
    createFestival(checked.input).then(
      ({ festivalId }) => navigate(festivalHref(festivalId, '/staff')),
      (error: unknown) => {
        setState('idle');
        if (needsSecondFactor(error)) return setSecondFactor(true);
        const fields = serverFieldErrors(error);
        if (fields) setErrors(fields);
        else setServerError(error);
      },
    );
  };

  const error = (key: FieldKey): FormFieldError | undefined => errors[key];
  const text = (found: FormFieldError | undefined) => (found ? intl.formatMessage(found.message, found.values) : undefined);
  const webAddress = (
  <Field
    label={<FormattedMessage id="organiser.form.festivalId" defaultMessage="Web address" />}
    hint={
      <FormattedMessage
        id="organiser.form.festivalIdHint"
        defaultMessage="The festival will be at {address}. Proposed from the short name (or name) and the year; it cannot change later."
        values={{ address: <strong className="organiser-address">{values.festivalId ? festivalHref(values.festivalId) : '/f/…'}</strong> }}
      />
    }
    value={values.festivalId}
    onChange={(festivalId) => {
      setIdEdited(true);
      update({ festivalId: festivalId.toLowerCase() });
    }}
    error={text(error('festivalId'))}
    isRequired
    autoComplete="off"
    spellCheck="false"
  />
  );

  return (
    <form
      ref={form}
      className="organiser-form"
      noValidate
      aria-labelledby="create-festival-title"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <h2 id="create-festival-title">
        <FormattedMessage id="organiser.form.title" defaultMessage="Create a festival" />
      </h2>

      <FestivalFormFields values={values} update={update} errors={errors} zones={zones} address={webAddress} />

      {submitted && Object.keys(errors).length > 0 ? (
        <p className="notice notice-error" role="alert">
          <FormattedMessage
            id="organiser.form.fixFields"
            defaultMessage="{count, plural, one {One field needs} other {# fields need}} your attention: see the messages beside them."
            values={{ count: Object.keys(errors).length }}
          />
        </p>
      ) : null}
      {secondFactor ? (
        <p className="notice notice-warn" role="alert">
          <FormattedMessage
            id="organiser.form.secondFactor"
            defaultMessage="Creating a festival needs a sign-in with your second factor. Sign out, then sign in again with your code (or add a second factor on the Account page first)."
          />
        </p>
      ) : null}
      {serverError ? <ErrorNotice error={serverError} /> : null}
      <div className="button-row">
        <Button type="submit" className="button" isDisabled={state === 'creating'}>
          {state === 'creating' ? (
            <FormattedMessage id="organiser.form.creating" defaultMessage="Creating the festival…" />
          ) : (
            <FormattedMessage id="organiser.form.create" defaultMessage="Create the festival" />
          )}
        </Button>
        <span role="status" className="muted">
          {state === 'creating' ? <FormattedMessage id="organiser.form.creatingStatus" defaultMessage="Creating {name}…" values={{ name: values.name.trim() }} /> : null}
        </span>
      </div>
    </form>
  );
}

