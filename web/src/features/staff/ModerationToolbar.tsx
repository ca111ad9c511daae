import { Button } from 'react-aria-components';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { describeError } from '../../errors/describe-error';
import { SelectField } from '../../ui/SelectField';
import type { BulkAction, BulkProgress } from './bulk-moderation';
import type { QueueSort, QueueStatus, QueueView } from './moderation-items';

const sortMessages = defineMessages<QueueSort>({
  priority: { id: 'staff.moderation.sortPriority', defaultMessage: 'Needs a decision first' },
  newest: { id: 'staff.moderation.sortNewest', defaultMessage: 'Newest first' },
  'most-reported': { id: 'staff.moderation.sortMostReported', defaultMessage: 'Most reported first' },
});
const statusMessages = defineMessages<QueueStatus>({
  all: { id: 'staff.moderation.statusAll', defaultMessage: 'Visible and hidden' },
  visible: { id: 'staff.moderation.statusVisibleOnly', defaultMessage: 'Visible only' },
  hidden: { id: 'staff.moderation.statusHiddenOnly', defaultMessage: 'Hidden only' },
});
const ALL_SETS = 'all-sets';

/**
 * Above the queue: sort and filters, then what to do with the photos selected (hide or
 * restore them all), with the progress of a running batch and which photos failed, and why.
 */
export function ModerationToolbar({
  view,
  onViewChange,
  sets,
  shownIds,
  selectedIds,
  onSelect,
  onBulk,
  progress,
}: {
  view: QueueView;
  onViewChange(view: QueueView): void;
  /** The sets photos in the queue belong to, with a label each. */
  sets: ReadonlyArray<{ performanceId: string; label: string }>;
  shownIds: readonly string[];
  selectedIds: ReadonlySet<string>;
  onSelect(ids: ReadonlySet<string>): void;
  onBulk(action: BulkAction): void;
  progress: BulkProgress | null;
}) {
  const intl = useIntl();
  const running = progress !== null && progress.done < progress.total;
  const allShownSelected = shownIds.length > 0 && shownIds.every((id) => selectedIds.has(id));
  return (
    <div className="moderation-toolbar">
      <div className="form-grid">
        <SelectField
          label={<FormattedMessage id="staff.moderation.sort" defaultMessage="Order" />}
          options={(['priority', 'newest', 'most-reported'] as const).map((id) => ({ id, name: intl.formatMessage(sortMessages[id]) }))}
          selectedKey={view.sort}
          onChange={(sort) => onViewChange({ ...view, sort: sort as QueueSort })}
        />
        <SelectField
          label={<FormattedMessage id="staff.moderation.filterStatus" defaultMessage="Status" />}
          options={(['all', 'visible', 'hidden'] as const).map((id) => ({ id, name: intl.formatMessage(statusMessages[id]) }))}
          selectedKey={view.status}
          onChange={(status) => onViewChange({ ...view, status: status as QueueStatus })}
        />
        <SelectField
          label={<FormattedMessage id="staff.moderation.filterSet" defaultMessage="Set" />}
          options={[
            { id: ALL_SETS, name: intl.formatMessage({ id: 'staff.moderation.allSets', defaultMessage: 'Every set' }) },
            ...sets.map((set) => ({ id: set.performanceId, name: set.label })),
          ]}
          selectedKey={view.performanceId ?? ALL_SETS}
          onChange={(id) => onViewChange({ ...view, performanceId: id === ALL_SETS ? null : id })}
        />
      </div>
      <div className="button-row" role="group" aria-label={intl.formatMessage({ id: 'staff.moderation.bulkLabel', defaultMessage: 'Selected photos' })}>
        <Button className="button button-small" isDisabled={shownIds.length === 0 || running} onPress={() => onSelect(allShownSelected ? new Set() : new Set(shownIds))}>
          {allShownSelected ? (
            <FormattedMessage id="staff.moderation.selectNone" defaultMessage="Clear the selection" />
          ) : (
            <FormattedMessage id="staff.moderation.selectAll" defaultMessage="Select all {count} shown" values={{ count: shownIds.length }} />
          )}
        </Button>
        <span aria-live="polite">
          <FormattedMessage id="staff.moderation.selectedCount" defaultMessage="{count, plural, =0 {none selected} one {# selected} other {# selected}}" values={{ count: selectedIds.size }} />
        </span>
        <Button className="button button-danger button-small" isDisabled={selectedIds.size === 0 || running} onPress={() => onBulk('hide')}>
          <FormattedMessage id="staff.moderation.bulkHide" defaultMessage="Hide selected" />
        </Button>
        <Button className="button button-small" isDisabled={selectedIds.size === 0 || running} onPress={() => onBulk('restore')}>
          <FormattedMessage id="staff.moderation.bulkRestore" defaultMessage="Restore selected" />
        </Button>
      </div>
      {progress ? (
        <div className="moderation-progress" role="status">
          <progress max={progress.total} value={progress.done} aria-label={intl.formatMessage({ id: 'staff.moderation.progressLabel', defaultMessage: 'Batch progress' })} />
          <p style={{ margin: 0 }}>
            <FormattedMessage
              id="staff.moderation.progress"
              defaultMessage="{done} of {total} done{failed, plural, =0 {} one {, # failed} other {, # failed}}"
              values={{ done: progress.done, total: progress.total, failed: progress.failed.length }}
            />
          </p>
          {progress.failed.length > 0 ? (
            <ul className="moderation-failures">
              {progress.failed.map(({ photoId, error }) => (
                <li key={photoId}>
                  <FormattedMessage
                    id="staff.moderation.failedPhoto"
                    defaultMessage="Photo {id}: {message}"
                    values={{ id: photoId, message: intl.formatMessage(describeError(error).message) }}
                  />
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
