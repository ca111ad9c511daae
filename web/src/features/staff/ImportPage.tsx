import { message, type ImportField, type ImportRowError } from '@encore/model';
import { useState } from 'react';
import { Button, DropZone, FileTrigger, Form, Label, ProgressBar, Text, TextArea, TextField } from 'react-aria-components';
import { defineMessages, FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { useFestival } from '../../festival/FestivalContext';
import type { Programme } from '../../festival/programme';
import { shortInstantLabel, clockTime } from '../../time/format';
import { useLocale } from '../../i18n/I18nProvider';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { FestivalGate } from '../../ui/FestivalGate';
import { formatOf, importProgramme, type ImportAnswer, type ImportFormat } from './api/import-programme';
import { isWorkbook, readProgrammeWorkbook, type WorkbookReading } from './api/read-workbook';
import { decisionsOf, NO_CHOICES, undecided, type ImportChoices, type NewNames } from './import-decisions';
import { ImportNewNames } from './ImportNewNames';
import './staff-tools.css';

type Step =
  | { step: 'choose'; problem?: string }
  | { step: 'checking'; name: string }
  | {
      step: 'checked';
      name: string;
      format: ImportFormat;
      content: string;
      answer: ImportAnswer;
      /** The new names of the first check (a name taken as an existing one leaves later answers, not the choice). */
      names: NewNames;
      choices: ImportChoices;
      /** Checking again with a new choice. */
      rechecking: boolean;
    }
  | { step: 'writing'; name: string; answer: ImportAnswer }
  | { step: 'done'; name: string; answer: ImportAnswer }
  | { step: 'failed'; name: string; error: unknown };

/** At most what the callable takes (2 MB of text). */
const MAX_FILE_BYTES = 2_000_000;

/**
 * `/staff/import`: a programme as organisers keep it (columns by name: artist, stage, day,
 * start, end, title, status, in English or Dutch), as a file (.xlsx, CSV, tab-separated, JSON) or
 * pasted from a spreadsheet, checked by the server before anything is written: every bad row
 * with its cell and why, in the reader's language; the artists and stages it will create;
 * every good row as it will be saved (new, moved, changed or unchanged). Only a file with no
 * bad rows can be imported; importing the same file again changes nothing.
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

  const [pasted, setPasted] = useState('');
  const checkText = async (name: string, format: ImportFormat, content: string) => {
    setState({ step: 'checking', name });
    try {
      const answer = await importProgramme(format, content, true);
      const names = { artists: answer.newArtists ?? [], stages: answer.newStages ?? [] };
      setState({ step: 'checked', name, format, content, answer, names, choices: NO_CHOICES, rechecking: false });
    } catch (error) {
      setState({ step: 'failed', name, error });
    }
  };
  const check = async (file: File) => {
    const workbook = isWorkbook(file);
    if (workbook) return checkWorkbook(file, workbook);
    const format = formatOf(file);
    if (!format) return setState({ step: 'choose', problem: intl.formatMessage({ id: 'staff.import.wrongTypeFile', defaultMessage: '“{name}” is not a spreadsheet (.xlsx), CSV, tab-separated or JSON file: save it as .xlsx or CSV, or copy its cells and paste them below.' }, { name: file.name }) });
    if (file.size > MAX_FILE_BYTES) return tooBig(file.name);
    await checkText(file.name, format, await file.text());
  };
  const tooBig = (name: string) => setState({ step: 'choose', problem: intl.formatMessage({ id: 'staff.import.tooBig', defaultMessage: '“{name}” is larger than 2 MB: split it into several files.' }, { name }) });
  const checkWorkbook = async (file: File, kind: 'xlsx' | 'xls') => {
    if (kind === 'xls') return setState({ step: 'choose', problem: workbookProblem(intl, file.name, { ok: false, unreadable: 'xls' }) });
    if (file.size > MAX_FILE_BYTES) return tooBig(file.name);
    setState({ step: 'checking', name: file.name });
    let read: WorkbookReading;
    try {
      read = await readProgrammeWorkbook(file);
    } catch (error) {
      // The reader's chunk did not load (offline, a new version deployed): a message with a way out.
      return setState({ step: 'failed', name: file.name, error });
    }
    if (!read.ok) return setState({ step: 'choose', problem: workbookProblem(intl, file.name, read) });
    if (read.csv.length > MAX_FILE_BYTES) return tooBig(file.name);
    const name = intl.formatMessage({ id: 'staff.import.workbookSheet', defaultMessage: '{file}, sheet “{sheet}”' }, { file: file.name, sheet: read.sheet });
    await checkText(name, 'csv', read.csv);
  };
  const pastedName = intl.formatMessage({ id: 'staff.import.pastedName', defaultMessage: 'the pasted cells' });

  // A choice changes what the import does ("Main Stgae" taken as Main Stage moves nothing): the server checks again.
  const decide = async (checked: Extract<Step, { step: 'checked' }>, choices: ImportChoices) => {
    setState({ ...checked, choices, rechecking: true });
    try {
      const answer = await importProgramme(checked.format, checked.content, true, decisionsOf(choices));
      setState({ ...checked, choices, answer, rechecking: false });
    } catch (error) {
      setState({ step: 'failed', name: checked.name, error });
    }
  };

  const write = async (checked: Extract<Step, { step: 'checked' }>) => {
    setState({ step: 'writing', name: checked.name, answer: checked.answer });
    try {
      const answer = await importProgramme(checked.format, checked.content, false, decisionsOf(checked.choices));
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
          id="staff.import.helpNames"
          defaultMessage="A first row naming the columns: <code>artist, stage, day, start, end</code>, and if you like <code>title, status</code> (Dutch names such as artiest, podium, dag, aanvang, einde work too). Artists and stages by their names: new ones are created when you import. Times in festival time; after midnight write 00:30 on the night’s day, or 24:30. Importing the same file again changes nothing; an updated file moves sets."
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
          <FileTrigger acceptedFileTypes={['.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', '.csv', 'text/csv', '.tsv', '.txt', 'text/tab-separated-values', 'text/plain', '.json', 'application/json']} onSelect={choose}>
            <Button className="button">
              {state.step === 'choose' ? (
                <FormattedMessage id="staff.import.chooseFile" defaultMessage="Choose a spreadsheet (.xlsx), CSV or JSON file" />
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
      {state.step === 'choose' || state.step === 'done' || state.step === 'failed' || state.step === 'checked' ? (
        <Form
          className="import-paste"
          onSubmit={(event) => {
            event.preventDefault();
            if (pasted.trim()) void checkText(pastedName, pasted.trim().startsWith('[') ? 'json' : 'csv', pasted);
          }}
        >
          <TextField className="field" value={pasted} onChange={setPasted}>
            <Label>
              <FormattedMessage id="staff.import.paste" defaultMessage="Or paste the cells from a spreadsheet (with the header row)" />
            </Label>
            <TextArea rows={5} spellCheck={false} />
          </TextField>
          <Button type="submit" className="button button-secondary" isDisabled={!pasted.trim()}>
            <FormattedMessage id="staff.import.checkPasted" defaultMessage="Check the pasted cells" />
          </Button>
        </Form>
      ) : null}
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
          <p>
            <FormattedMessage
              id="staff.import.doneNames"
              defaultMessage="{unchanged, plural, =0 {} one {# set was already so. } other {# sets were already so. }}{artists, plural, =0 {} one {# new artist. } other {# new artists. }}{stages, plural, =0 {} one {# new stage.} other {# new stages.}}"
              values={{ unchanged: state.answer.unchanged ?? 0, artists: state.answer.newArtists?.length ?? 0, stages: state.answer.newStages?.length ?? 0 }}
            />
          </p>
        </div>
      ) : null}
      {state.step === 'checked' ? <Review programme={programme} checked={state} onImport={() => void write(state)} onChoose={(choices) => void decide(state, choices)} /> : null}
    </>
  );
}

const FIELD_NAMES = defineMessages({
  artist: { id: 'staff.import.fieldArtist', defaultMessage: 'artist' },
  stage: { id: 'staff.import.fieldStage', defaultMessage: 'stage' },
  day: { id: 'staff.import.fieldDay', defaultMessage: 'day' },
  start: { id: 'staff.import.fieldStart', defaultMessage: 'start' },
  end: { id: 'staff.import.fieldEnd', defaultMessage: 'end' },
  title: { id: 'staff.import.fieldTitle', defaultMessage: 'title' },
  status: { id: 'staff.import.fieldStatus', defaultMessage: 'status' },
} satisfies Record<ImportField, unknown>);

/** Why a chosen workbook cannot be imported, in plain words: what to do with it, or which columns its nearest sheet lacks. */
function workbookProblem(intl: IntlShape, name: string, read: Extract<WorkbookReading, { ok: false }>): string {
  if ('unreadable' in read) {
    return read.unreadable === 'xls'
      ? intl.formatMessage({ id: 'staff.import.xlsFile', defaultMessage: '“{name}” is an old Excel file (.xls), which cannot be read here: save it as an Excel Workbook (.xlsx) or as CSV, and choose it again.' }, { name })
      : intl.formatMessage({ id: 'staff.import.unreadableWorkbook', defaultMessage: '“{name}” could not be read as an Excel workbook (.xlsx): save it again from the spreadsheet, or as CSV, and choose it again.' }, { name });
  }
  const sheets = intl.formatList(read.sheets.map((sheet) => `“${sheet}”`));
  const problem = intl.formatMessage(
    {
      id: 'staff.import.notProgramme',
      defaultMessage: '“{name}” does not look like a programme: none of its sheets ({sheets}) has a row naming the columns artist, stage, start and end in its first 20 rows (Dutch names such as artiest, podium, aanvang, einde work too).',
    },
    { name, sheets },
  );
  if (!read.closest) return problem;
  const missing = intl.formatList(read.closest.missing.map((field) => intl.formatMessage(FIELD_NAMES[field])));
  const closest = intl.formatMessage({ id: 'staff.import.notProgrammeClosest', defaultMessage: 'Sheet “{sheet}”, row {row} comes closest but has no column for {missing}.' }, { sheet: read.closest.sheet, row: read.closest.row, missing });
  return `${problem} ${closest}`;
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

function Review({ programme, checked, onImport, onChoose }: { programme: Programme; checked: Extract<Step, { step: 'checked' }>; onImport(): void; onChoose(choices: ImportChoices): void }) {
  const intl = useIntl();
  const { locale } = useLocale();
  const { answer } = checked;
  // What a server of an older version answers lacks the names and changes: show what there is.
  const newArtists = answer.newArtists ?? [];
  const newStages = answer.newStages ?? [];
  const waiting = undecided(checked.names, checked.choices);
  const hasNewNames = checked.names.artists.length > 0 || checked.names.stages.length > 0;
  const errorText = (error: ImportRowError) => (error.problem ? message('importError', locale, { cell: error.cell ?? null, problem: error.problem }) : error.message);
  const changing = answer.created + answer.updated + newArtists.length + newStages.length;
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
          ) : changing === 0 ? (
            <FormattedMessage
              id="staff.import.nothingToDo"
              defaultMessage="“{name}”: all {count, plural, one {# set is} other {# sets are}} in the programme as the file has {count, plural, one {it} other {them}}: importing changes nothing."
              values={{ name: checked.name, count: answer.imported }}
            />
          ) : (
            <FormattedMessage
              id="staff.import.readyNames"
              defaultMessage="“{name}”: all {count, plural, one {# row is} other {# rows are}} fine: {created, plural, one {# new set} other {# new sets}}, {updated, plural, one {# set moved or changed} other {# sets moved or changed}}, {unchanged, plural, one {# as it is} other {# as they are}}. Nothing has been written yet."
              values={{ name: checked.name, count: answer.imported, created: answer.created, updated: answer.updated, unchanged: answer.unchanged ?? 0 }}
            />
          )}
        </p>
        {answer.errors.length === 0 && answer.imported > 0 && changing > 0 && waiting.length > 0 ? (
          <p>
            <FormattedMessage
              id="staff.import.decideFirst"
              defaultMessage="First decide about {count, plural, one {the new name} other {# new names}} below: {names}."
              values={{ count: waiting.length, names: intl.formatList(waiting.map((name) => `“${name.name}”`)) }}
            />
          </p>
        ) : null}
        {answer.errors.length === 0 && answer.imported > 0 && changing > 0 ? (
          <Button className="button" onPress={onImport} isDisabled={waiting.length > 0 || checked.rechecking}>
            <FormattedMessage id="staff.import.import" defaultMessage="Import {count, plural, one {# set} other {# sets}}" values={{ count: answer.imported }} />
          </Button>
        ) : null}
      </div>
      {answer.errors.length > 0 ? (
        <section aria-labelledby="import-errors-title">
          <h3 id="import-errors-title">
            <FormattedMessage id="staff.import.errorsCaption" defaultMessage="Rows with problems" />
          </h3>
          <ul className="import-errors">
            {answer.errors.map((error) => (
              <li key={`${error.line}-${error.message}`} className="import-error">
                <strong>
                  <FormattedMessage id="staff.import.row" defaultMessage="Row {line}" values={{ line: error.line }} />
                </strong>{' '}
                {errorText(error)}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {hasNewNames ? <ImportNewNames names={checked.names} choices={checked.choices} onChoose={onChoose} disabled={checked.rechecking} /> : null}
      {answer.preview.length > 0 ? (
        <section aria-labelledby="import-preview-title">
          <h3 id="import-preview-title">
            <FormattedMessage id="staff.import.previewCaption" defaultMessage="The rows as they will be saved (festival time)" />
          </h3>
          <ul className="import-rows">
            {answer.preview.map((row) => (
              <li key={row.line} className={`import-row import-row-${row.change ?? (row.exists ? 'changed' : 'new')}`}>
                <span className="import-row-line">
                  <FormattedMessage id="staff.import.row" defaultMessage="Row {line}" values={{ line: row.line }} />
                </span>
                <span className="import-row-what">
                  <strong>{row.artistName ?? programme.artists.get(row.artistId)?.name ?? row.artistId}</strong>
                  {row.title ? <span className="muted"> · {row.title}</span> : null}
                </span>
                <span>
                  {shortInstantLabel(intl, new Date(row.startsAt), programme.festival)}–{clockTime(intl, new Date(row.endsAt), programme.festival)} ·{' '}
                  {row.stageName ?? programme.stages.find((stage) => stage.id === row.stageId)?.name ?? row.stageId}
                </span>
                {row.before && row.change !== 'unchanged' ? (
                  <span className="import-row-before">
                    <FormattedMessage
                      id="staff.import.was"
                      defaultMessage="Was: {when} · {stage}{title}{cancelled}"
                      values={{
                        when: `${shortInstantLabel(intl, new Date(row.before.startsAt), programme.festival)}–${clockTime(intl, new Date(row.before.endsAt), programme.festival)}`,
                        stage: row.before.stageName,
                        title: row.before.title ? ` · ${row.before.title}` : '',
                        cancelled: row.before.status === 'cancelled' ? ` · ${intl.formatMessage({ id: 'staff.import.cancelled', defaultMessage: 'Cancelled' })}` : '',
                      }}
                    />
                  </span>
                ) : null}
                {row.overlaps && row.overlaps.length > 0 ? (
                  <span className="import-row-overlap">
                    <FormattedMessage
                      id="staff.import.overlaps"
                      defaultMessage="Overlaps on this stage with {sets}"
                      values={{
                        sets: intl.formatList(
                          row.overlaps.map((other) =>
                            intl.formatMessage(
                              { id: 'staff.import.overlapSet', defaultMessage: '{artist} ({when}{row, select, none {} other {, row {row}}})' },
                              { artist: other.artistName, when: `${clockTime(intl, new Date(other.startsAt), programme.festival)}–${clockTime(intl, new Date(other.endsAt), programme.festival)}`, row: other.line === null ? 'none' : String(other.line) },
                            ),
                          ),
                        ),
                      }}
                    />
                  </span>
                ) : null}
                <span className="import-row-change">
                  {row.status === 'cancelled' ? (
                    <>
                      <FormattedMessage id="staff.import.cancelled" defaultMessage="Cancelled" />
                      {' · '}
                    </>
                  ) : null}
                  <ChangeLabel change={row.change ?? (row.exists ? 'changed' : 'new')} />
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}

function ChangeLabel({ change }: { change: 'new' | 'moved' | 'changed' | 'unchanged' }) {
  switch (change) {
    case 'new':
      return <FormattedMessage id="staff.import.new" defaultMessage="New" />;
    case 'moved':
      return <FormattedMessage id="staff.import.moved" defaultMessage="Moved" />;
    case 'changed':
      return <FormattedMessage id="staff.import.update" defaultMessage="Update" />;
    case 'unchanged':
      return <FormattedMessage id="staff.import.unchanged" defaultMessage="No change" />;
  }
}
