import { firestorePaths, reportReasonSchema, type ReportReason } from '@encore/model';
import { addDoc, collection, serverTimestamp } from 'firebase/firestore';
import { useState } from 'react';
import { Button, Dialog, DialogTrigger, Heading, Label, Modal, ModalOverlay, Radio, RadioGroup, TextArea, TextField } from 'react-aria-components';
import { Link } from 'wouter';
import { appConfig } from '../../config/firebase-config';
import { db } from '../../firebase/firestore';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { useAccount } from '../account/AccountContext';

const REASONS: Record<ReportReason, string> = {
  inappropriate: 'Inappropriate or offensive',
  privacy: 'Shows me or someone without consent',
  spam: 'Spam or advertising',
  copyright: 'Someone else’s photo',
  other: 'Something else',
};

/** "Report photo": needs an email account (reports from guests would be too easy to abuse). */
export function ReportPhotoButton({ photoId }: { photoId: string }) {
  const { account } = useAccount();
  const [reason, setReason] = useState<ReportReason>('inappropriate');
  const [details, setDetails] = useState('');
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle');
  const [error, setError] = useState<unknown>(null);

  const send = async (close: () => void) => {
    if (!account || account.anonymous) return;
    setState('sending');
    setError(null);
    try {
      await addDoc(collection(db(), firestorePaths.reports(appConfig.festivalId)), {
        photoId,
        reporterUid: account.uid,
        reason: reportReasonSchema.parse(reason),
        ...(details.trim() ? { details: details.trim().slice(0, 500) } : {}),
        createdAt: serverTimestamp(),
      });
      setState('sent');
      close();
    } catch (caught) {
      setError(caught);
      setState('idle');
    }
  };

  return (
    <DialogTrigger>
      <Button className="button button-secondary button-small">{state === 'sent' ? 'Reported' : 'Report photo'}</Button>
      <ModalOverlay className="modal-overlay" isDismissable>
        <Modal className="modal modal-small">
          <Dialog>
            {({ close }) => (
              <>
                <Heading slot="title">Report this photo</Heading>
                {!account || account.anonymous ? (
                  <p>
                    To report a photo, please <Link to="/account">sign in with an email account</Link> first. Festival staff review every
                    report.
                  </p>
                ) : (
                  <form
                    onSubmit={(event) => {
                      event.preventDefault();
                      void send(close);
                    }}
                  >
                    <RadioGroup className="field" value={reason} onChange={(value) => setReason(value as ReportReason)}>
                      <Label>What is wrong with it?</Label>
                      {Object.entries(REASONS).map(([value, label]) => (
                        <Radio key={value} value={value} className="radio">
                          {label}
                        </Radio>
                      ))}
                    </RadioGroup>
                    <TextField className="field" value={details} onChange={setDetails} maxLength={500}>
                      <Label>Anything staff should know? (optional)</Label>
                      <TextArea />
                    </TextField>
                    {error ? <ErrorNotice error={error} /> : null}
                    <div className="button-row" style={{ marginTop: 12 }}>
                      <Button type="submit" className="button" isDisabled={state === 'sending'}>
                        {state === 'sending' ? 'Sending…' : 'Send report'}
                      </Button>
                      <Button className="button button-secondary" slot="close">
                        Cancel
                      </Button>
                    </div>
                  </form>
                )}
              </>
            )}
          </Dialog>
        </Modal>
      </ModalOverlay>
    </DialogTrigger>
  );
}
