import { message, type MediaImage, type MediaSubject, type MediaUpload } from '@encore/model';
import { useState, type ReactNode } from 'react';
import { Button, FileTrigger, Label, ProgressBar } from 'react-aria-components';
import { FormattedMessage, useIntl } from 'react-intl';
import { localeOfTag } from '../../i18n/locales';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { MediaPicture } from '../../ui/MediaPicture';
import { ACCEPTED_TYPES, fileProblem } from '../upload/file-checks';
import { uploadStaffImage } from './api/upload-staff-image';
import './staff-tools.css';

type Stage = { step: 'idle' } | { step: 'uploading'; uploadId: string; fraction: number } | { step: 'sent'; uploadId: string } | { step: 'failed'; error: unknown };

/**
 * Choose an image for an artist or the site plan, watch it upload and go through the photo
 * pipeline, and see the outcome: the new image, or why it was refused. The current image
 * stays shown until a new one is ready. `upload` and `image` are the document's live fields.
 */
export function StaffImageUpload({
  festivalId,
  subject,
  image,
  upload,
  label,
  previewAlt,
  checkSize,
}: {
  festivalId: string;
  subject: MediaSubject;
  image: MediaImage | null | undefined;
  upload: MediaUpload | undefined;
  label: ReactNode;
  previewAlt: string;
  /**
   * A check of the image's size before it is sent (the app icon must be square): the problem in
   * words, or null. Only where the browser can decode the file; the pipeline checks again.
   */
  checkSize?: (size: { width: number; height: number }) => string | null;
}) {
  const intl = useIntl();
  const [stage, setStage] = useState<Stage>({ step: 'idle' });
  const [problem, setProblem] = useState<string | null>(null);

  const choose = async (files: FileList | null) => {
    const file = files?.[0];
    if (!file) return;
    const found = fileProblem(file);
    const sizeProblem = found || !checkSize ? null : await imageSize(file).then((size) => (size ? checkSize(size) : null));
    setProblem(found ? intl.formatMessage(found.message, found.values) : sizeProblem);
    if (found || sizeProblem) return;
    const started = uploadStaffImage(festivalId, subject, file, (fraction) => setStage({ step: 'uploading', uploadId: started.uploadId, fraction }));
    setStage({ step: 'uploading', uploadId: started.uploadId, fraction: 0 });
    started.done.then(
      () => setStage({ step: 'sent', uploadId: started.uploadId }),
      (error: unknown) => setStage({ step: 'failed', error }),
    );
  };

  // Once sent, the document says how it went (the same upload id), or still shows the one before.
  const mine = stage.step === 'sent' && upload?.uploadId === stage.uploadId ? upload : null;
  const processing = stage.step === 'sent' && (!mine || mine.status === 'processing');
  const shownUpload = mine ?? (stage.step === 'idle' ? upload : undefined);

  return (
    <div className="staff-image-upload">
      <p className="field-label">{label}</p>
      {image ? <MediaPicture image={image} sizes="240px" width={480} alt={previewAlt} className="staff-image-preview" eager /> : null}
      <div className="button-row">
        <FileTrigger acceptedFileTypes={[...ACCEPTED_TYPES]} onSelect={(files) => void choose(files)}>
          <Button className="button button-small" isDisabled={stage.step === 'uploading'}>
            {image ? <FormattedMessage id="staff.imageUpload.replace" defaultMessage="Replace image" /> : <FormattedMessage id="staff.imageUpload.choose" defaultMessage="Upload an image" />}
          </Button>
        </FileTrigger>
      </div>
      {problem ? <p className="field-error" role="alert">{problem}</p> : null}
      {stage.step === 'uploading' ? (
        <ProgressBar className="progress" value={Math.round(stage.fraction * 100)}>
          <Label>
            <FormattedMessage id="staff.imageUpload.uploading" defaultMessage="Uploading…" />
          </Label>
          <div className="progress-track">
            <div className="progress-fill" style={{ width: `${Math.round(stage.fraction * 100)}%` }} />
          </div>
        </ProgressBar>
      ) : null}
      {stage.step === 'failed' ? <ErrorNotice error={stage.error} /> : null}
      <div role="status">
        {processing ? (
          <p className="muted">
            <FormattedMessage id="staff.imageUpload.processing" defaultMessage="Processing: making the sizes and formats visitors' phones need…" />
          </p>
        ) : shownUpload?.status === 'rejected' ? (
          <p className="field-error">
            <FormattedMessage id="staff.imageUpload.rejected" defaultMessage="Not used: {reason}" values={{ reason: shownUpload.rejection ? message('rejection', localeOfTag(intl.locale), shownUpload.rejection) : shownUpload.rejectReason }} />
          </p>
        ) : mine?.status === 'ready' ? (
          <p className="field-hint">
            <FormattedMessage id="staff.imageUpload.ready" defaultMessage="Ready: visitors see the new image." />
          </p>
        ) : null}
      </div>
    </div>
  );
}

/** The image's width and height as the browser decodes it; null where it cannot (no decoder for the type, no createImageBitmap). */
async function imageSize(file: File): Promise<{ width: number; height: number } | null> {
  if (typeof createImageBitmap !== 'function') return null;
  try {
    const bitmap = await createImageBitmap(file);
    const size = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return size;
  } catch {
    return null;
  }
}
