import { useState } from 'react';
import { Button, Dialog, DialogTrigger, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { FormattedMessage } from 'react-intl';
import { appConfig } from '../../config/firebase-config';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { useAccount } from '../account/AccountContext';
import { deleteMyPhoto } from './api/delete-photo';
import type { PhotoDoc } from './photo-types';

/** "Delete photo" on one's own photo, after a confirmation: it is gone for good. */
export function DeletePhotoButton({ photo, onDeleted }: { photo: Pick<PhotoDoc, 'id' | 'uploaderUid'>; onDeleted?(): void }) {
  const { account } = useAccount();
  if (!account || account.uid !== photo.uploaderUid) return null;
  return <DeletePhotoConfirm onConfirm={() => deleteMyPhoto(appConfig.festivalId, photo.id)} onDeleted={onDeleted} />;
}

/** The button and its confirmation, apart from where the deletion goes (for component tests). */
export function DeletePhotoConfirm({ onConfirm, onDeleted }: { onConfirm(): Promise<void>; onDeleted?(): void }) {
  const [deleting, setDeleting] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const confirm = async (close: () => void) => {
    setError(null);
    setDeleting(true);
    try {
      await onConfirm();
      close();
      onDeleted?.();
    } catch (caught) {
      setError(caught);
    } finally {
      setDeleting(false);
    }
  };
  return (
    <DialogTrigger onOpenChange={() => setError(null)}>
      <Button className="button button-danger button-small">
        <FormattedMessage id="photos.delete.button" defaultMessage="Delete photo" />
      </Button>
      <ModalOverlay className="modal-overlay" isDismissable>
        <Modal className="modal modal-small">
          <Dialog role="alertdialog">
            {({ close }) => (
              <>
                <Heading slot="title">
                  <FormattedMessage id="photos.delete.title" defaultMessage="Delete this photo?" />
                </Heading>
                <p>
                  <FormattedMessage
                    id="photos.delete.explain"
                    defaultMessage="It leaves the wall at once, and its reactions go with it. This cannot be undone."
                  />
                </p>
                {error ? <ErrorNotice error={error} /> : null}
                <div className="button-row">
                  <Button className="button button-secondary button-small" slot="close" isDisabled={deleting}>
                    <FormattedMessage id="photos.delete.cancel" defaultMessage="Keep it" />
                  </Button>
                  <Button className="button button-danger button-small" onPress={() => void confirm(close)} isDisabled={deleting}>
                    {deleting ? (
                      <FormattedMessage id="photos.delete.deleting" defaultMessage="Deleting…" />
                    ) : (
                      <FormattedMessage id="photos.delete.confirm" defaultMessage="Delete" />
                    )}
                  </Button>
                </div>
              </>
            )}
          </Dialog>
        </Modal>
      </ModalOverlay>
    </DialogTrigger>
  );
}
