import { auditKindSchema, undoCapability, whyNotUndoable, type AuditEntry, type AuditKind, type Festival } from '@encore/model';
import { useMemo, useState } from 'react';
import { Button } from 'react-aria-components';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { appConfig } from '../../config/firebase-config';
import { useFestival } from '../../festival/FestivalContext';
import type { WithId } from '../../firebase/to-model';
import { instantLabel } from '../../time/format';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { Loading } from '../../ui/Loading';
import { useStaffRole } from '../staff/staff-role';
import { SelectField } from '../../ui/SelectField';
import { readableValue, type Names } from './history-values';
import { FIELD_NAMES, KIND_NAMES, UNSHOWN_FIELDS, VIA_NAMES } from './history-texts';
import { UndoChange } from './UndoChange';
import { useAuditHistory } from './use-audit-history';
import './history.css';

const ALL = 'all';

/** The callables whose whole call is undone as one (their entries share a `batchId`). */
const UNDONE_AS_A_BATCH = new Set(['importProgramme', 'undoChange']);

/**
 * Whether an entry offers "Undo": undoable from History, not undone yet, the person may undo
 * its kind, and, for an import, only on the first entry of it shown (one button a batch).
 */
function offersUndo(entry: WithId<AuditEntry>, previous: WithId<AuditEntry> | undefined, granted: (capability: ReturnType<typeof undoCapability>) => boolean): boolean {
  if (entry.undone || whyNotUndoable(entry) || !granted(undoCapability(entry.kind))) return false;
  if (!entry.batchId) return true;
  return UNDONE_AS_A_BATCH.has(entry.via) && previous?.batchId !== entry.batchId;
}

/**
 * The festival's history, for its programme staff and admins (and the project's): every staff
 * write, newest first, 50 at a time ("Show older"), of one kind or all. Each entry says who,
 * when (in the festival's zone), what, and each changed field before and after, as people read
 * them; an import or a console edit is undone from here in one tap (issue 36).
 */
export default function HistoryPage() {
  const intl = useIntl();
  const { programme } = useFestival();
  const { granted } = useStaffRole();
  const [kind, setKind] = useState<AuditKind | typeof ALL>(ALL);
  const history = useAuditHistory(appConfig.festivalId, kind === ALL ? null : kind);
  const names = useMemo<Names>(
    () => ({
      stage: (id) => programme?.stages.find((stage) => stage.id === id)?.name,
      artist: (id) => programme?.artists.get(id)?.name,
    }),
    [programme],
  );
  const kindOptions = [
    { id: ALL, name: intl.formatMessage({ id: 'history.page.allKinds', defaultMessage: 'Everything' }) },
    ...auditKindSchema.options.map((option) => ({ id: option, name: intl.formatMessage(KIND_NAMES[option]) })),
  ];

  return (
    <div className="history-page">
      <header className="page-header">
        <h1>
          <FormattedMessage id="history.page.title" defaultMessage="History" />
        </h1>
        <p className="muted">
          <FormattedMessage
            id="history.page.intro"
            defaultMessage="Every change staff made to this festival: who, when, and what it was before and after. Newest first."
          />
        </p>
      </header>
      <SelectField
        className="field field-select history-filter"
        label={<FormattedMessage id="history.page.filter" defaultMessage="Show" />}
        options={kindOptions}
        selectedKey={kind}
        onChange={(key) => setKind(key as AuditKind | typeof ALL)}
      />
      {!programme || history.status === 'loading' ? (
        <Loading label={<FormattedMessage id="history.page.loading" defaultMessage="Loading the history…" />} />
      ) : history.status === 'error' ? (
        <ErrorNotice error={history.error} />
      ) : history.entries.length === 0 ? (
        <p className="notice notice-info">
          <FormattedMessage id="history.page.empty" defaultMessage="Nothing recorded yet. Changes staff make from now on show here." />
        </p>
      ) : (
        <>
          <ol className="history-list" aria-label={intl.formatMessage({ id: 'history.page.listLabel', defaultMessage: 'Changes, newest first' })}>
            {history.entries.map((entry, index) => (
              <HistoryEntry
                key={entry.id}
                entry={entry}
                festival={programme.festival}
                names={names}
                undo={offersUndo(entry, history.entries[index - 1], granted) ? history.reload : null}
              />
            ))}
          </ol>
          {history.error ? <ErrorNotice error={history.error} /> : null}
          {history.hasOlder ? (
            <Button className="button button-secondary history-older" onPress={history.showOlder} isDisabled={history.loadingOlder}>
              {history.loadingOlder ? (
                <FormattedMessage id="history.page.loadingOlder" defaultMessage="Loading older changes…" />
              ) : (
                <FormattedMessage id="history.page.showOlder" defaultMessage="Show older" />
              )}
            </Button>
          ) : null}
        </>
      )}
    </div>
  );
}

function HistoryEntry({ entry, festival, names, undo }: { entry: WithId<AuditEntry>; festival: Festival; names: Names; undo: (() => void) | null }) {
  const intl = useIntl();
  const headingId = `history-${entry.id}`;
  const who = entry.actor.name ?? entry.actor.email ?? intl.formatMessage({ id: 'history.entry.unknownPerson', defaultMessage: 'A staff member' });
  const via = VIA_NAMES[entry.via];
  return (
    <li className="history-entry">
      <article aria-labelledby={headingId}>
        <h2 id={headingId} className="history-what">
          <FormattedMessage
            id="history.entry.what"
            defaultMessage="{action, select, created {Added} deleted {Removed} other {Changed}}: {kind}{label}"
            values={{ action: entry.action, kind: intl.formatMessage(KIND_NAMES[entry.kind]), label: entry.label ? ` “${entry.label}”` : '' }}
          />
        </h2>
        <p className="muted history-who">
          <FormattedMessage
            id="history.entry.who"
            defaultMessage="{who}, {when} {via}"
            values={{ who: <strong>{who}</strong>, when: <time dateTime={entry.at.toISOString()}>{instantLabel(intl, entry.at, festival)}</time>, via: via ? intl.formatMessage(via) : entry.via }}
          />
        </p>
        {entry.undone ? (
          <p className="history-undone">
            <FormattedMessage
              id="history.entry.undone"
              defaultMessage="Undone by {who}, {when}"
              values={{
                who: entry.undone.actor.name ?? entry.undone.actor.email ?? intl.formatMessage({ id: 'history.entry.unknownPerson', defaultMessage: 'A staff member' }),
                when: <time dateTime={entry.undone.at.toISOString()}>{instantLabel(intl, entry.undone.at, festival)}</time>,
              }}
            />
          </p>
        ) : null}
        <ChangedFields entry={entry} festival={festival} names={names} intl={intl} />
        {undo ? <UndoChange entry={entry} festival={festival} onUndone={undo} /> : null}
      </article>
    </li>
  );
}

function ChangedFields({ entry, festival, names, intl }: { entry: AuditEntry; festival: Festival; names: Names; intl: IntlShape }) {
  if (entry.detail === 'omitted') {
    return (
      <p className="history-note">
        <FormattedMessage
          id="history.entry.omitted"
          defaultMessage="Too big to keep whole. Changed: {fields}"
          values={{ fields: entry.changed.map((field) => fieldName(intl, field)).join(', ') }}
        />
      </p>
    );
  }
  const show = (data: Record<string, unknown> | null, field: string) => readableValue(intl, data?.[field], field, festival, names);
  const shown = entry.changed.filter((field) => !UNSHOWN_FIELDS.has(field));
  return (
    <dl className="history-fields">
      {shown.map((field) => (
        <div key={field} className="history-field">
          <dt>{fieldName(intl, field)}</dt>
          <dd>
            {entry.action === 'created' ? (
              show(entry.after, field)
            ) : entry.action === 'deleted' ? (
              <del>{show(entry.before, field)}</del>
            ) : (
              <FormattedMessage
                id="history.entry.beforeAfter"
                defaultMessage="{before} <arrow>→</arrow> {after}"
                values={{
                  before: <span className="history-before">{show(entry.before, field)}</span>,
                  after: <span className="history-after">{show(entry.after, field)}</span>,
                  arrow: (chunks) => (
                    <span aria-label={intl.formatMessage({ id: 'history.entry.became', defaultMessage: 'became' })} role="img">
                      {chunks}
                    </span>
                  ),
                }}
              />
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function fieldName(intl: IntlShape, field: string): string {
  const known = FIELD_NAMES[field];
  return known ? intl.formatMessage(known) : field;
}
