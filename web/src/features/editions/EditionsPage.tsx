import { festivalEndsAt, festivalHasEnded, isArchived, suggestFestivalId, type Festival } from '@encore/model';
import { useState, type FormEvent } from 'react';
import { Button, FieldError, Form, Input, Label, TextField } from 'react-aria-components';
import { FormattedMessage, defineMessages, useIntl } from 'react-intl';
import { appConfig } from '../../config/firebase-config';
import { useFestival } from '../../festival/FestivalContext';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { Loading } from '../../ui/Loading';
import { FestivalDateField } from '../organiser/FestivalDateField';
import { festivalHref } from '../organiser/festival-href';
import { archiveFestival, createEdition } from './api/editions';
import { validateEditionForm, type EditionForm, type EditionFormErrors } from './edition-form';
import '../staff/staff-tools.css';
import './editions.css';

/**
 * The console's "Editions" (issue 35), for the festival's admins: start next year's edition
 * from this one (its stages, map, info pages and look; never its sets, artists, photos or
 * counts), and archive this one once its last day is over.
 */
export default function EditionsPage() {
  const festival = useFestival().programme?.festival;
  return (
    <div className="editions-page">
      <header className="page-header">
        <h1>
          <FormattedMessage id="editions.page.title" defaultMessage="Editions" />
        </h1>
      </header>
      {festival ? (
        <>
          <NewEdition festival={festival} />
          <ArchiveFestival festival={festival} />
        </>
      ) : (
        <Loading label={<FormattedMessage id="editions.page.loading" defaultMessage="Loading the festival…" />} />
      )}
    </div>
  );
}

type Copying = { state: 'idle' } | { state: 'copying' } | { state: 'done'; festivalId: string; name: string } | { state: 'failed'; error: unknown };

function NewEdition({ festival }: { festival: Festival }) {
  const intl = useIntl();
  const [form, setForm] = useState<EditionForm>({ id: '', name: '', startsOn: '', endsOn: '' });
  const [idTouched, setIdTouched] = useState(false);
  const [errors, setErrors] = useState<EditionFormErrors>({});
  const [copying, setCopying] = useState<Copying>({ state: 'idle' });
  const change = (field: keyof EditionForm) => (value: string) =>
    setForm((current) => {
      const next = { ...current, [field]: value };
      // The address follows the name and year until the organiser types one of their own.
      return !idTouched && (field === 'name' || field === 'startsOn') ? { ...next, id: suggestFestivalId(next.name, next.startsOn) } : next;
    });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateEditionForm(form, appConfig.festivalId);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setCopying({ state: 'copying' });
    try {
      const { festivalId } = await createEdition({ sourceFestivalId: appConfig.festivalId, festival: { id: form.id, name: form.name.trim(), startsOn: form.startsOn, endsOn: form.endsOn } });
      setCopying({ state: 'done', festivalId, name: form.name.trim() });
    } catch (error) {
      const code = (error as { code?: unknown } | null)?.code;
      if (code === 'functions/already-exists') {
        setErrors({ id: 'taken' });
        setCopying({ state: 'idle' });
      } else setCopying({ state: 'failed', error });
    }
  };

  const message = (error: EditionFormErrors[keyof EditionFormErrors]) => (error ? intl.formatMessage(FIELD_ERRORS[error]) : undefined);
  return (
    <section className="editions-section" aria-labelledby="editions-new">
      <h2 id="editions-new">
        <FormattedMessage id="editions.new.title" defaultMessage="Start a new edition" />
      </h2>
      <p className="muted">
        <FormattedMessage
          id="editions.new.intro"
          defaultMessage="A new festival with {festival}’s stages, venue map, walking minutes, info pages, colours, logo and links. Its programme starts empty: no sets, artists, photos, favourites or figures are copied. You become its admin; invite the team again there."
          values={{ festival: festival.name }}
        />
      </p>
      {copying.state === 'done' ? (
        <div className="notice notice-info" role="status">
          <p>
            <FormattedMessage id="editions.new.done" defaultMessage="{name} is ready." values={{ name: copying.name }} />
          </p>
          <a className="button" href={festivalHref(copying.festivalId, '/staff')}>
            <FormattedMessage id="editions.new.open" defaultMessage="Open the console of {name}" values={{ name: copying.name }} />
          </a>
        </div>
      ) : (
        <Form className="editions-form" onSubmit={(event) => void submit(event)} validationBehavior="aria">
          <TextField className="field" value={form.name} onChange={change('name')} isRequired isInvalid={Boolean(errors.name)}>
            <Label>
              <FormattedMessage id="editions.new.name" defaultMessage="Name of the new edition" />
            </Label>
            <Input />
            <FieldError className="field-error">{message(errors.name)}</FieldError>
          </TextField>
          <FestivalDateField label={intl.formatMessage({ id: 'editions.new.startsOn', defaultMessage: 'First day' })} value={form.startsOn} onChange={change('startsOn')} error={message(errors.startsOn)} />
          <FestivalDateField label={intl.formatMessage({ id: 'editions.new.endsOn', defaultMessage: 'Last day' })} value={form.endsOn} onChange={change('endsOn')} error={message(errors.endsOn)} />
          <TextField
            className="field"
            value={form.id}
            onChange={(value) => {
              setIdTouched(true);
              change('id')(value);
            }}
            isRequired
            isInvalid={Boolean(errors.id)}
          >
            <Label>
              <FormattedMessage id="editions.new.id" defaultMessage="Web address" />
            </Label>
            <Input />
            <span className="field-hint">{festivalHref(form.id || '…')}</span>
            <FieldError className="field-error">{message(errors.id)}</FieldError>
          </TextField>
          <Button type="submit" className="button" isDisabled={copying.state === 'copying'}>
            <FormattedMessage id="editions.new.submit" defaultMessage="Copy into a new edition" />
          </Button>
          {copying.state === 'copying' ? (
            <Loading label={<FormattedMessage id="editions.new.copying" defaultMessage="Copying stages, the map, info pages and the look… this takes up to a minute." />} />
          ) : null}
          {copying.state === 'failed' ? <ErrorNotice error={copying.error} /> : null}
        </Form>
      )}
    </section>
  );
}

const FIELD_ERRORS = defineMessages({
  required: { id: 'editions.error.required', defaultMessage: 'Fill this in.' },
  idFormat: { id: 'editions.error.idFormat', defaultMessage: 'Use lowercase letters, digits and dashes (up to 80), starting with a letter or digit.' },
  idSame: { id: 'editions.error.idSame', defaultMessage: 'This is this festival’s own address: the new edition needs its own.' },
  taken: { id: 'editions.error.taken', defaultMessage: 'This address is taken: choose another.' },
  endsBeforeStart: { id: 'editions.error.endsBeforeStart', defaultMessage: 'The last day cannot be before the first.' },
});

type Archiving = { state: 'idle' } | { state: 'confirming' } | { state: 'archiving' } | { state: 'failed'; error: unknown };

function ArchiveFestival({ festival }: { festival: Festival }) {
  const intl = useIntl();
  const [archiving, setArchiving] = useState<Archiving>({ state: 'idle' });
  const when = (date: Date) => intl.formatDate(date, { dateStyle: 'long', timeStyle: 'short', timeZone: festival.timeZone });

  const archive = async () => {
    setArchiving({ state: 'archiving' });
    try {
      // The festival document's listener shows the archived state when it lands.
      await archiveFestival({ festivalId: appConfig.festivalId });
    } catch (error) {
      setArchiving({ state: 'failed', error });
    }
  };

  let body;
  if (isArchived(festival)) {
    body = (
      <p className="notice notice-info" role="status">
        <FormattedMessage id="editions.archive.done" defaultMessage="{festival} was archived on {date}." values={{ festival: festival.name, date: when(festival.archivedAt!) }} />
      </p>
    );
  } else if (!festivalHasEnded(festival, new Date())) {
    body = (
      <p className="muted">
        <FormattedMessage
          id="editions.archive.notYet"
          defaultMessage="{festival} can be archived once its last day is over: from {date}."
          values={{ festival: festival.name, date: when(festivalEndsAt(festival)) }}
        />
      </p>
    );
  } else if (archiving.state === 'idle') {
    body = (
      <Button className="button button-secondary" onPress={() => setArchiving({ state: 'confirming' })}>
        <FormattedMessage id="editions.archive.start" defaultMessage="Archive this festival…" />
      </Button>
    );
  } else {
    body = (
      <div className="editions-confirm" role="group" aria-labelledby="editions-confirm-title">
        <p id="editions-confirm-title">
          <strong>
            <FormattedMessage id="editions.archive.confirmTitle" defaultMessage="Archive {festival}?" values={{ festival: festival.name }} />
          </strong>
        </p>
        <p>
          <FormattedMessage
            id="editions.archive.meaning"
            defaultMessage="Nobody can change anything in it any more: not the programme, the map or the info pages, and visitors can no longer heart sets, react, report or upload photos. Its photos, figures and everyone’s schedules stay to look back on, and its nightly work stops. This cannot be undone from the app."
          />
        </p>
        <div className="editions-actions">
          <Button className="button button-danger" isDisabled={archiving.state === 'archiving'} onPress={() => void archive()}>
            <FormattedMessage id="editions.archive.confirm" defaultMessage="Archive" />
          </Button>
          <Button className="button button-secondary" isDisabled={archiving.state === 'archiving'} onPress={() => setArchiving({ state: 'idle' })}>
            <FormattedMessage id="editions.archive.cancel" defaultMessage="Cancel" />
          </Button>
        </div>
        {archiving.state === 'archiving' ? <Loading label={<FormattedMessage id="editions.archive.archiving" defaultMessage="Archiving…" />} /> : null}
        {archiving.state === 'failed' ? <ErrorNotice error={archiving.error} /> : null}
      </div>
    );
  }
  return (
    <section className="editions-section" aria-labelledby="editions-archive">
      <h2 id="editions-archive">
        <FormattedMessage id="editions.archive.title" defaultMessage="Archive this festival" />
      </h2>
      {body}
    </section>
  );
}
