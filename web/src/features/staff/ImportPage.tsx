import { useState } from 'react';
import { Button, DropZone, FileTrigger, Label, ProgressBar, Text } from 'react-aria-components';
import { FormattedMessage, useIntl } from 'react-intl';
import { useFestival } from '../../festival/FestivalContext';
import type { Programme } from '../../festival/programme';
import { shortInstantLabel, clockTime } from '../../time/format';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { FestivalGate } from '../../ui/FestivalGate';
import { formatOf, importProgramme, type ImportAnswer, type ImportFormat } from './api/import-programme';
import './staff-tools.css';

type Step =
  | { step: 'choose'; problem?: string }
  | { step: 'checking'; name: string }
  | { step: 'checked'; name: string; format: ImportFormat; content: string; answer: ImportAnswer }
  | { step: 'writing'; name: string; answer: ImportAnswer }
  | { step: 'done'; name: string; answer: ImportAnswer }
  | { step: 'failed'; name: string; error: unknown };

/** At most what the callable takes (2 MB of text). */
const MAX_FILE_BYTES = 2_000_000;

/**
 * `/staff/import`: a programme file (CSV or JSON) checked by the server before anything is
 * written: every bad row with its line and reason, every good row as it will be saved (new
 * set or update). Only a file with no bad rows can be imported; then the sets are written and
 * the summary says how many are new and how many changed.
 */
export default function ImportPage() {
  const festival = useFestival();
  return (
    <section aria-labelledby="import-title">
      <h2 id="import-title">
        <FormattedMessage id="staff.import.title" defaultMessage="Import a programme" />
      </h2>
      <FestivalGate state={festival}>{(programme) => <Importer programme={programme} />}</FestivalGate>
    </section>
  );
}

function Importer({ programme }: { programme: Programme }) {
  const intl = useIntl();
  const [state, setState] = useState<Step>({ step: 'choose' });

  const check = async (file: File) => {
    const format = formatOf(file);
    if (!format) return setState({ step: 'choose', problem: intl.formatMessage({ id: 'staff.import.wrongType', defaultMessage: '“{name}” is not a CSV or JSON file.' }, { name: file.name }) });
    if (file.size > MAX_FILE_BYTES) return setState({ step: 'choose', problem: intl.formatMessage({ id: 'staff.import.tooBig', defaultMessage: '“{name}” is larger than 2 MB: split it into several files.' }, { name: file.name }) });
    setState({ step: 'checking', name: file.name });
    try {
      const content = await file.text();
      const answer = await importProgramme(format, content, true);
      setState({ step: 'checked', name: file.name, format, content, answer });
    } catch (error) {
      setState({ step: 'failed', name: file.name, error });
    }
  };

  const write = async (checked: Extract<Step, { step: 'checked' }>) => {
    setState({ step: 'writing', name: checked.name, answer: checked.answer });
    try {
      const answer = await importProgramme(checked.format, checked.content, false);
      // The server judges again: a file that went bad since the check (an artist deleted) is shown as such.
      setState(answer.written ? { step: 'done', name: checked.name, answer } : { ...checked, answer });
    } catch (error) {
      setState({ step: 'failed', name: checked.name, error });
    }
  };

  const choose = (files: FileList | null) => {
    const file = files?.[0];
    if (file) void check(file);
  };

  return (
    <>
      <p className="muted">
        <FormattedMessage
          id="staff.import.help"
          defaultMessage="CSV with a header row <code>artistId,stageId,startsAt,endsAt,status,title</code> (the last two optional), or JSON: an array of the same objects. Times like 2026-08-14 21:30 are festival time; with an offset (21:30+02:00) they are that instant. Importing the same set again updates it."
          values={{ code: (text) => <code>{text}</code> }}
        />
      </p>
      <Steps state={state} />
      {state.step === 'choose' || state.step === 'done' || state.step === 'failed' || state.step === 'checked' ? (
        <DropZone
          className="dropzone"
          aria-label={intl.formatMessage({ id: 'staff.import.drop', defaultMessage: 'Drop a programme file here' })}
          onDrop={async (event) => {
            const item = event.items.find((entry) => entry.kind === 'file');
            if (item && item.kind === 'file') void check(await item.getFile());
          }}
        >
          <FileTrigger acceptedFileTypes={['.csv', 'text/csv', '.json', 'application/json']} onSelect={choose}>
            <Button className="button">
              {state.step === 'choose' ? (
                <FormattedMessage id="staff.import.choose" defaultMessage="Choose a CSV or JSON file" />
              ) : (
                <FormattedMessage id="staff.import.chooseAnother" defaultMessage="Choose another file" />
              )}
            </Button>
          </FileTrigger>
          <Text slot="label" className="field-hint">
            <FormattedMessage id="staff.import.orDrop" defaultMessage="or drop it here" />
          </Text>
        </DropZone>
      ) : null}
      {state.step === 'choose' && state.problem ? <p className="field-error" role="alert">{state.problem}</p> : null}
      {state.step === 'checking' || state.step === 'writing' ? (
        <ProgressBar className="progress progress-indeterminate" isIndeterminate>
          <Label>
            {state.step === 'checking' ? (
              <FormattedMessage id="staff.import.checking" defaultMessage="Checking “{name}” on the server…" values={{ name: state.name }} />
            ) : (
              <FormattedMessage id="staff.import.writing" defaultMessage="Writing {count, plural, one {# set} other {# sets}}…" values={{ count: state.answer.imported }} />
            )}
          </Label>
          <div className="progress-track">
            <div className="progress-fill" />
          </div>
        </ProgressBar>
      ) : null}
      {state.step === 'failed' ? <ErrorNotice error={state.error} /> : null}
      {state.step === 'done' ? (
        <div className="notice notice-info" role="status">
          <p>
            <FormattedMessage
              id="staff.import.done"
              defaultMessage="Imported “{name}”: {created, plural, =0 {no new sets} one {# new set} other {# new sets}} and {updated, plural, =0 {no updates} one {# set updated} other {# sets updated}}."
              values={{ name: state.name, created: state.answer.created, updated: state.answer.updated }}
            />
          </p>
        </div>
      ) : null}
      {state.step === 'checked' ? <Review programme={programme} checked={state} onImport={() => void write(state)} /> : null}
    </>
  );
}

function Steps({ state }: { state: Step }) {
  const intl = useIntl();
  const { step } = state;
  const choose = step === 'choose' ? 'active' : 'done';
  const check = step === 'checking' ? 'active' : step === 'checked' || step === 'writing' || step === 'done' ? 'done' : 'waiting';
  const write = step === 'writing' ? 'active' : step === 'done' ? 'done' : 'waiting';
  return (
    <ol className="import-steps" aria-label={intl.formatMessage({ id: 'staff.import.steps', defaultMessage: 'Import steps' })}>
      <li data-state={choose}>
        <FormattedMessage id="staff.import.stepChoose" defaultMessage="Choose a file" />
      </li>
      <li data-state={check}>
        <FormattedMessage id="staff.import.stepCheck" defaultMessage="The server checks every row (nothing is written)" />
      </li>
      <li data-state={write}>
        <FormattedMessage id="staff.import.stepWrite" defaultMessage="Import the sets" />
      </li>
    </ol>
  );
}

function Review({ programme, checked, onImport }: { programme: Programme; checked: Extract<Step, { step: 'checked' }>; onImport(): void }) {
  const intl = useIntl();
  const { answer } = checked;
  const stageName = (id: string) => programme.stages.find((stage) => stage.id === id)?.name ?? id;
  const artistName = (id: string) => programme.artists.get(id)?.name ?? id;
  const lineWord = checked.format === 'csv' ? 'line' : 'item';
  return (
    <>
      <div className={`notice ${answer.errors.length > 0 ? 'notice-error' : 'notice-info'}`} role="status">
        <p>
          {answer.errors.length > 0 ? (
            <FormattedMessage
              id="staff.import.hasErrors"
              defaultMessage="“{name}”: {bad, plural, one {# row has a problem} other {# rows have problems}} (and {good, plural, one {# row is} other {# rows are}} fine). Nothing has been written: fix the file and choose it again."
              values={{ name: checked.name, bad: answer.errors.length, good: answer.imported }}
            />
          ) : (
            <FormattedMessage
              id="staff.import.ready"
              defaultMessage="“{name}”: all {count, plural, one {# row is} other {# rows are}} fine: {created, plural, one {# new set} other {# new sets}}, {updated, plural, one {# update} other {# updates}}. Nothing has been written yet."
              values={{ name: checked.name, count: answer.imported, created: answer.created, updated: answer.updated }}
            />
          )}
        </p>
        {answer.errors.length === 0 && answer.imported > 0 ? (
          <Button className="button" onPress={onImport}>
            <FormattedMessage id="staff.import.import" defaultMessage="Import {count, plural, one {# set} other {# sets}}" values={{ count: answer.imported }} />
          </Button>
        ) : null}
      </div>
      {answer.errors.length > 0 ? (
        <div className="table-scroll">
          <table className="data-table">
            <caption className="visually-hidden">
              <FormattedMessage id="staff.import.errorsCaption" defaultMessage="Rows with problems" />
            </caption>
            <thead>
              <tr>
                <th scope="col">{lineWord === 'line' ? <FormattedMessage id="staff.import.line" defaultMessage="Line" /> : <FormattedMessage id="staff.import.item" defaultMessage="Item" />}</th>
                <th scope="col">
                  <FormattedMessage id="staff.import.problem" defaultMessage="Problem" />
                </th>
              </tr>
            </thead>
            <tbody>
              {answer.errors.map((error) => (
                <tr key={`${error.line}-${error.message}`} className="import-error-row">
                  <td>{error.line}</td>
                  <td>{error.message}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {answer.preview.length > 0 ? (
        <div className="table-scroll" style={{ marginTop: 'var(--space-4)' }}>
          <table className="data-table">
            <caption>
              <FormattedMessage id="staff.import.previewCaption" defaultMessage="The rows as they will be saved (festival time)" />
            </caption>
            <thead>
              <tr>
                <th scope="col">{lineWord === 'line' ? <FormattedMessage id="staff.import.line" defaultMessage="Line" /> : <FormattedMessage id="staff.import.item" defaultMessage="Item" />}</th>
                <th scope="col">
                  <FormattedMessage id="staff.import.when" defaultMessage="When" />
                </th>
                <th scope="col">
                  <FormattedMessage id="staff.import.stage" defaultMessage="Stage" />
                </th>
                <th scope="col">
                  <FormattedMessage id="staff.import.artist" defaultMessage="Artist" />
                </th>
                <th scope="col">
                  <FormattedMessage id="staff.import.status" defaultMessage="Status" />
                </th>
                <th scope="col">
                  <FormattedMessage id="staff.import.change" defaultMessage="Change" />
                </th>
              </tr>
            </thead>
            <tbody>
              {answer.preview.map((row) => (
                <tr key={row.line}>
                  <td>{row.line}</td>
                  <td>
                    {shortInstantLabel(intl, new Date(row.startsAt), programme.festival)}–{clockTime(intl, new Date(row.endsAt), programme.festival)}
                  </td>
                  <td>{stageName(row.stageId)}</td>
                  <td>
                    {artistName(row.artistId)}
                    {row.title ? <span className="muted"> · {row.title}</span> : null}
                  </td>
                  <td>{row.status === 'cancelled' ? <FormattedMessage id="staff.import.cancelled" defaultMessage="Cancelled" /> : <FormattedMessage id="staff.import.scheduled" defaultMessage="Scheduled" />}</td>
                  <td>{row.exists ? <FormattedMessage id="staff.import.update" defaultMessage="Update" /> : <FormattedMessage id="staff.import.new" defaultMessage="New" />}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </>
  );
}
