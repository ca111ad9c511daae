import { message } from '@encore/model';
import type { DropItem } from 'react-aria-components';
import { Button, DropZone, FileTrigger, ProgressBar, Text } from 'react-aria-components';
import { FormattedMessage, defineMessages, useIntl } from 'react-intl';
import { describeError } from '../../errors/describe-error';
import { localeOfTag } from '../../i18n/locales';
import { ACCEPTED_TYPES } from './file-checks';
import type { UploadItem, UploadState } from './use-uploads';

const STATE_LABEL = defineMessages({
  invalid: { id: 'upload.view.stateInvalid', defaultMessage: 'Not uploaded' },
  uploading: { id: 'upload.view.stateUploading', defaultMessage: 'Uploading' },
  paused: { id: 'upload.view.statePaused', defaultMessage: 'Paused' },
  processing: { id: 'upload.view.stateProcessing', defaultMessage: 'Processing on the server…' },
  ready: { id: 'upload.view.stateReady', defaultMessage: 'Ready: on the wall' },
  rejected: { id: 'upload.view.stateRejected', defaultMessage: 'Rejected' },
  failed: { id: 'upload.view.stateFailed', defaultMessage: 'Upload failed' },
  cancelled: { id: 'upload.view.stateCancelled', defaultMessage: 'Cancelled' },
}) satisfies Record<UploadState, unknown>;

export interface UploadViewProps {
  items: UploadItem[];
  onFiles(files: File[]): void;
  onPause(photoId: string): void;
  onResume(photoId: string): void;
  onCancel(photoId: string): void;
  onRetry(photoId: string): void;
  onRemove(photoId: string): void;
}

async function filesFrom(items: DropItem[]): Promise<File[]> {
  const files = items.filter((item) => item.kind === 'file').map((item) => item.getFile());
  return Promise.all(files);
}

/** Drag-and-drop, file picker or camera; then one row per photo with progress and status. */
export function UploadView({ items, onFiles, onPause, onResume, onCancel, onRetry, onRemove }: UploadViewProps) {
  const intl = useIntl();
  return (
    <>
      <DropZone className="dropzone" aria-label={intl.formatMessage({ id: 'upload.view.dropLabel', defaultMessage: 'Drop photos here to upload them' })} onDrop={(event) => void filesFrom(event.items).then(onFiles)}>
        <Text slot="label">
          <strong>
            <FormattedMessage id="upload.view.drop" defaultMessage="Drop photos here" />
          </strong>
        </Text>
        <p className="muted">
          <FormattedMessage id="upload.view.formats" defaultMessage="JPEG, PNG, WebP, AVIF, GIF or TIFF, up to 20 MB each." />
        </p>
        <div className="button-row">
          <FileTrigger acceptedFileTypes={[...ACCEPTED_TYPES]} allowsMultiple onSelect={(list) => list && onFiles([...list])}>
            <Button className="button">
              <FormattedMessage id="upload.view.choose" defaultMessage="Choose photos" />
            </Button>
          </FileTrigger>
          <FileTrigger acceptedFileTypes={['image/*']} defaultCamera="environment" onSelect={(list) => list && onFiles([...list])}>
            <Button className="button button-secondary">
              <FormattedMessage id="upload.view.camera" defaultMessage="Take a photo" />
            </Button>
          </FileTrigger>
        </div>
      </DropZone>
      {items.length > 0 ? (
        <ul className="upload-list" aria-label={intl.formatMessage({ id: 'upload.view.list', defaultMessage: 'Your uploads' })}>
          {items.map((item) => (
            <UploadRow
              key={item.photoId}
              item={item}
              onPause={onPause}
              onResume={onResume}
              onCancel={onCancel}
              onRetry={onRetry}
              onRemove={onRemove}
            />
          ))}
        </ul>
      ) : null}
    </>
  );
}

function UploadRow({ item, onPause, onResume, onCancel, onRetry, onRemove }: { item: UploadItem } & Omit<UploadViewProps, 'items' | 'onFiles'>) {
  const intl = useIntl();
  // The language on screen, from react-intl's tag ("nl-NL"), for the server's reason worded by the model's catalog.
  const locale = localeOfTag(intl.locale);
  const percent = item.totalBytes > 0 ? Math.round((item.bytesTransferred / item.totalBytes) * 100) : 0;
  const transferring = item.state === 'uploading' || item.state === 'paused';
  const error = item.state === 'failed' && item.error ? describeError(item.error) : null;
  return (
    <li className="upload-item" aria-label={item.name}>
      <div className="upload-item-head">
        <span className="upload-name">{item.name}</span>
        <span className={`status status-${item.state}`} role="status">
          {intl.formatMessage(STATE_LABEL[item.state])}
        </span>
      </div>
      {transferring ? (
        <ProgressBar className="progress" value={percent} aria-label={intl.formatMessage({ id: 'upload.view.uploadingLabel', defaultMessage: 'Uploading {name}' }, { name: item.name })}>
          {({ valueText }) => (
            <>
              <div className="progress-track">
                <div className="progress-fill" style={{ width: `${percent}%` }} />
              </div>
              <span className="muted">
                {valueText} ·{' '}
                <FormattedMessage
                  id="upload.view.progress"
                  defaultMessage="{done} of {total} MB"
                  values={{
                    done: intl.formatNumber(item.bytesTransferred / 1024 / 1024, { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
                    total: intl.formatNumber(item.totalBytes / 1024 / 1024, { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
                  }}
                />
              </span>
            </>
          )}
        </ProgressBar>
      ) : null}
      {item.state === 'processing' ? <ProgressBar className="progress" isIndeterminate aria-label={intl.formatMessage({ id: 'upload.view.processingLabel', defaultMessage: 'Processing {name}' }, { name: item.name })} /> : null}
      {item.reason ? (
        <p className="field-error">
          {typeof item.reason === 'string' ? item.reason : 'code' in item.reason ? message('rejection', locale, item.reason) : intl.formatMessage(item.reason.message, item.reason.values)}
        </p>
      ) : null}
      {error ? (
        <p className="field-error">
          {intl.formatMessage(error.message)} {intl.formatMessage(error.action)}
        </p>
      ) : null}
      <div className="button-row">
        {item.state === 'uploading' ? (
          <Button className="button button-secondary button-small" onPress={() => onPause(item.photoId)}>
            <FormattedMessage id="upload.view.pause" defaultMessage="Pause" />
          </Button>
        ) : null}
        {item.state === 'paused' ? (
          <Button className="button button-secondary button-small" onPress={() => onResume(item.photoId)}>
            <FormattedMessage id="upload.view.resume" defaultMessage="Resume" />
          </Button>
        ) : null}
        {transferring ? (
          <Button className="button button-secondary button-small" onPress={() => onCancel(item.photoId)}>
            <FormattedMessage id="upload.view.cancel" defaultMessage="Cancel" />
          </Button>
        ) : null}
        {item.state === 'failed' || item.state === 'cancelled' ? (
          <Button className="button button-small" onPress={() => onRetry(item.photoId)}>
            <FormattedMessage id="upload.view.retry" defaultMessage="Retry" />
          </Button>
        ) : null}
        {!transferring && item.state !== 'processing' ? (
          <Button className="button button-secondary button-small" onPress={() => onRemove(item.photoId)} aria-label={intl.formatMessage({ id: 'upload.view.removeLabel', defaultMessage: 'Remove {name} from this list' }, { name: item.name })}>
            <FormattedMessage id="upload.view.remove" defaultMessage="Remove" />
          </Button>
        ) : null}
      </div>
    </li>
  );
}
