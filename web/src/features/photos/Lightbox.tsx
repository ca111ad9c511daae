import { Button, Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { FormattedMessage, useIntl } from 'react-intl';
import type { PhotoAttribution } from './photo-attribution';
import { PhotoAttributionText } from './PhotoAttributionText';
import { PhotoImage } from './PhotoImage';
import type { WallPhoto } from './photo-types';
import { DeletePhotoButton } from './DeletePhotoButton';
import { HidePhotoButton } from './HidePhotoButton';
import { ReactionBar } from './ReactionBar';
import { ReportPhotoButton } from './ReportPhotoButton';
import { useFestivalArchived } from '../editions/use-festival-archived';

/**
 * One photo at a time, large. The dialog traps focus and closes on Escape (react-aria);
 * the arrow keys and the buttons move through the wall.
 */
export function Lightbox({
  photos,
  index,
  describe,
  attribute,
  onIndexChange,
  onClose,
}: {
  photos: WallPhoto[];
  index: number | null;
  describe(photo: WallPhoto): string;
  attribute(photo: WallPhoto): PhotoAttribution;
  onIndexChange(index: number): void;
  onClose(): void;
}) {
  const intl = useIntl();
  const archived = useFestivalArchived();
  const photo = index === null ? undefined : photos[index];
  const move = (step: number) => {
    if (index === null || photos.length === 0) return;
    onIndexChange((index + step + photos.length) % photos.length);
  };
  return (
    <ModalOverlay className="modal-overlay" isDismissable isOpen={photo !== undefined} onOpenChange={(open) => (open ? null : onClose())}>
      <Modal className="modal">
        <Dialog className="lightbox">
          {photo ? (
            <div
              className="lightbox-body"
              onKeyDown={(event) => {
                if (event.key === 'ArrowRight') move(1);
                if (event.key === 'ArrowLeft') move(-1);
              }}
            >
              <div className="lightbox-image">
                <PhotoImage photo={photo} sizes="min(1100px, 100vw)" width={1600} alt={describe(photo)} />
              </div>
              <div className="lightbox-bar">
                <Heading slot="title" className="visually-hidden">
                  {describe(photo)}
                </Heading>
                <PhotoAttributionText attribution={attribute(photo)} />
                <p className="muted" aria-live="polite">
                  <FormattedMessage id="photos.lightbox.position" defaultMessage="Photo {position} of {total}" values={{ position: index! + 1, total: photos.length }} />
                </p>
                <ReactionBar photo={photo} />
                <div className="button-row">
                  <Button className="button button-secondary button-small" onPress={() => move(-1)} aria-label={intl.formatMessage({ id: 'photos.lightbox.previousLabel', defaultMessage: 'Previous photo' })}>
                    ← <FormattedMessage id="photos.lightbox.previous" defaultMessage="Previous" />
                  </Button>
                  <Button className="button button-secondary button-small" onPress={() => move(1)} aria-label={intl.formatMessage({ id: 'photos.lightbox.nextLabel', defaultMessage: 'Next photo' })}>
                    <FormattedMessage id="photos.lightbox.next" defaultMessage="Next" /> →
                  </Button>
                  {/* An archived edition takes no deletion or report (the rules refuse both). */}
                  {archived ? null : (
                    <>
                      <DeletePhotoButton photo={photo} />
                      <ReportPhotoButton photoId={photo.id} />
                    </>
                  )}
                  <HidePhotoButton photoId={photo.id} />
                  <Button className="button button-small" slot="close">
                    <FormattedMessage id="photos.lightbox.close" defaultMessage="Close" />
                  </Button>
                </div>
              </div>
            </div>
          ) : null}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
