import type { ReportReason } from '@encore/model';
import { Button } from 'react-aria-components';
import { PhotoImage } from '../photos/PhotoImage';
import type { ModerationItem } from './moderation-items';

const REASON_LABEL: Record<ReportReason, string> = {
  inappropriate: 'inappropriate',
  privacy: 'privacy',
  spam: 'spam',
  copyright: 'copyright',
  other: 'other',
};

/** Reported and hidden photos with hide/restore; decisions show as pending until synced. */
export function ModerationView({
  items,
  pendingIds,
  onHide,
  onRestore,
}: {
  items: ModerationItem[];
  pendingIds: ReadonlySet<string>;
  onHide(photoId: string): void;
  onRestore(photoId: string): void;
}) {
  if (items.length === 0) return <p className="empty">Nothing to review: no reported or hidden photos.</p>;
  return (
    <ul className="moderation-list" aria-label="Photos to review">
      {items.map(({ photo, reasons, details }) => {
        const hidden = photo.status === 'hidden';
        const label = `Photo ${photo.id}`;
        return (
          <li key={photo.id} className="moderation-item" aria-label={label}>
            <div className="photo-tile">
              <PhotoImage photo={photo} sizes="260px" width={320} alt={hidden ? 'Hidden photo under review' : 'Reported photo'} />
            </div>
            <div className="moderation-item-body">
              <p style={{ margin: 0 }}>
                <span className={`status ${hidden ? 'status-rejected' : 'status-processing'}`}>{hidden ? 'Hidden' : 'Visible'}</span>
                {' · '}
                {photo.reportCount === 1 ? '1 report' : `${photo.reportCount} reports`}
                {pendingIds.has(photo.id) ? <span className="muted"> · saving…</span> : null}
              </p>
              {reasons.length > 0 ? (
                <p className="muted" style={{ margin: 0 }}>
                  {reasons.map(({ reason, count }) => `${REASON_LABEL[reason]} ×${count}`).join(', ')}
                </p>
              ) : null}
              {details.slice(0, 3).map((detail, index) => (
                <blockquote key={index} style={{ margin: 0, fontStyle: 'italic' }}>
                  “{detail}”
                </blockquote>
              ))}
              {hidden ? (
                <Button className="button button-small" onPress={() => onRestore(photo.id)} aria-label={`Restore to the wall: ${label}`}>
                  Restore to the wall
                </Button>
              ) : (
                <Button className="button button-danger button-small" onPress={() => onHide(photo.id)} aria-label={`Hide from the wall: ${label}`}>
                  Hide from the wall
                </Button>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
