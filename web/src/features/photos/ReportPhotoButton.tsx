import type { ReportReason } from '@encore/model';
import { useState } from 'react';
import { Button, Dialog, DialogTrigger, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { FormattedMessage } from 'react-intl';
import { appConfig } from '../../config/firebase-config';
import { useAccount } from '../account/AccountContext';
import { fetchOwnSuspension } from './api/own-suspension';
import { AlreadyReportedError, fileReport, hasReported } from './api/report-photo';
import { fetchReporterStanding, sendVerificationEmail } from './api/reporter-standing';
import { ReportPhotoPanel, type ReportStanding } from './ReportPhotoPanel';

/**
 * "Report photo". Reports need a trusted account (a verified email, or an account old
 * enough), count once per person per photo, and are rate-limited: when the dialog opens it
 * asks the backend where the person stands and whether they reported this photo already,
 * and says so instead of offering a form that would be refused.
 */
export function ReportPhotoButton({ photoId }: { photoId: string }) {
  const { account } = useAccount();
  const [standing, setStanding] = useState<ReportStanding>({ kind: 'checking' });
  const [reported, setReported] = useState(false);

  const check = async () => {
    if (!account || account.anonymous) return setStanding({ kind: 'needs-account' });
    setStanding({ kind: 'checking' });
    try {
      const [already, answer, suspension] = await Promise.all([
        hasReported(appConfig.festivalId, photoId, account.uid),
        fetchReporterStanding(),
        fetchOwnSuspension(appConfig.festivalId, account.uid),
      ]);
      setReported(already);
      if (already) setStanding({ kind: 'reported' });
      else if (suspension) setStanding({ kind: 'suspended', until: suspension.until ?? null });
      else if (answer.canReport) setStanding({ kind: 'can-report' });
      else if (answer.because === 'new-account') setStanding({ kind: 'not-yet', trustedFrom: answer.trustedFrom ? new Date(answer.trustedFrom) : null });
      else setStanding({ kind: 'needs-account' });
    } catch (error) {
      setStanding({ kind: 'failed', error });
    }
  };

  const send = async (reason: ReportReason, details: string, close: () => void) => {
    if (!account) return;
    try {
      await fileReport({ festivalId: appConfig.festivalId, photoId, uid: account.uid, reason, details });
    } catch (error) {
      if (error instanceof AlreadyReportedError) setReported(true);
      // Refused: suspended since the dialog opened? Then say that, not "no permission".
      if ((error as { code?: string }).code === 'permission-denied') {
        const suspension = await fetchOwnSuspension(appConfig.festivalId, account.uid).catch(() => undefined);
        if (suspension) return setStanding({ kind: 'suspended', until: suspension.until ?? null });
      }
      throw error;
    }
    setReported(true);
    close();
  };

  return (
    <DialogTrigger onOpenChange={(open) => void (open && check())}>
      <Button className="button button-secondary button-small">
        {reported ? (
          <FormattedMessage id="photos.report.reportedButton" defaultMessage="Reported" />
        ) : (
          <FormattedMessage id="photos.report.button" defaultMessage="Report photo" />
        )}
      </Button>
      <ModalOverlay className="modal-overlay" isDismissable>
        <Modal className="modal modal-small">
          <Dialog>
            {({ close }) => (
              <>
                <Heading slot="title">
                  <FormattedMessage id="photos.report.title" defaultMessage="Report this photo" />
                </Heading>
                <ReportPhotoPanel standing={standing} onSend={(reason, details) => send(reason, details, close)} onVerifyEmail={sendVerificationEmail} onClose={close} />
              </>
            )}
          </Dialog>
        </Modal>
      </ModalOverlay>
    </DialogTrigger>
  );
}
