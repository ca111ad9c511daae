import type { DropItem } from 'react-aria-components';
import { Button, DropZone, FileTrigger, ProgressBar, Text } from 'react-aria-components';
import { describeError } from '../../errors/describe-error';
import { ACCEPTED_TYPES } from './file-checks';
import type { UploadItem, UploadState } from './use-uploads';

const STATE_LABEL: Record<UploadState, string> = {
  invalid: 'Not uploaded',
  uploading: 'Uploading',
  paused: 'Paused',
  processing: 'Processing on the server…',
  ready: 'Ready: on the wall',
  rejected: 'Rejected',
  failed: 'Upload failed',
  cancelled: 'Cancelled',
};

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
  return (
    <>
      <DropZone className="dropzone" aria-label="Drop photos here to upload them" onDrop={(event) => void filesFrom(event.items).then(onFiles)}>
        <Text slot="label">
          <strong>Drop photos here</strong>
        </Text>
        <p className="muted">JPEG, PNG, WebP, AVIF, GIF or TIFF, up to 20 MB each.</p>
        <div className="button-row">
          <FileTrigger acceptedFileTypes={[...ACCEPTED_TYPES]} allowsMultiple onSelect={(list) => list && onFiles([...list])}>
            <Button className="button">Choose photos</Button>
          </FileTrigger>
          <FileTrigger acceptedFileTypes={['image/*']} defaultCamera="environment" onSelect={(list) => list && onFiles([...list])}>
            <Button className="button button-secondary">Take a photo</Button>
          </FileTrigger>
        </div>
      </DropZone>
      {items.length > 0 ? (
        <ul className="upload-list" aria-label="Your uploads">
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
  const percent = item.totalBytes > 0 ? Math.round((item.bytesTransferred / item.totalBytes) * 100) : 0;
  const transferring = item.state === 'uploading' || item.state === 'paused';
  const error = item.state === 'failed' && item.error ? describeError(item.error) : null;
  return (
    <li className="upload-item" aria-label={item.name}>
      <div className="upload-item-head">
        <span className="upload-name">{item.name}</span>
        <span className={`status status-${item.state}`} role="status">
          {STATE_LABEL[item.state]}
        </span>
      </div>
      {transferring ? (
        <ProgressBar className="progress" value={percent} aria-label={`Uploading ${item.name}`}>
          {({ valueText }) => (
            <>
              <div className="progress-track">
                <div className="progress-fill" style={{ width: `${percent}%` }} />
              </div>
              <span className="muted">
                {valueText} · {(item.bytesTransferred / 1024 / 1024).toFixed(1)} of {(item.totalBytes / 1024 / 1024).toFixed(1)} MB
              </span>
            </>
          )}
        </ProgressBar>
      ) : null}
      {item.state === 'processing' ? <ProgressBar className="progress" isIndeterminate aria-label={`Processing ${item.name}`} /> : null}
      {item.reason ? <p className="field-error">{item.reason}</p> : null}
      {error ? (
        <p className="field-error">
          {error.message} {error.action}
        </p>
      ) : null}
      <div className="button-row">
        {item.state === 'uploading' ? (
          <Button className="button button-secondary button-small" onPress={() => onPause(item.photoId)}>
            Pause
          </Button>
        ) : null}
        {item.state === 'paused' ? (
          <Button className="button button-secondary button-small" onPress={() => onResume(item.photoId)}>
            Resume
          </Button>
        ) : null}
        {transferring ? (
          <Button className="button button-secondary button-small" onPress={() => onCancel(item.photoId)}>
            Cancel
          </Button>
        ) : null}
        {item.state === 'failed' || item.state === 'cancelled' ? (
          <Button className="button button-small" onPress={() => onRetry(item.photoId)}>
            Retry
          </Button>
        ) : null}
        {!transferring && item.state !== 'processing' ? (
          <Button className="button button-secondary button-small" onPress={() => onRemove(item.photoId)} aria-label={`Remove ${item.name} from this list`}>
            Remove
          </Button>
        ) : null}
      </div>
    </li>
  );
}
