import type { AuditEntry, AuditKind, Festival, UndoChangeAnswer } from '@encore/model';
import { useState } from 'react';
import { Button, Dialog, DialogTrigger, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { FormattedMessage, defineMessages, useIntl, type IntlShape, type MessageDescriptor } from 'react-intl';
import type { WithId } from '../../firebase/to-model';
import { instantLabel } from '../../time/format';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { Loading } from '../../ui/Loading';
import { undoChange, type UndoTarget } from './api/undo-change';
import { KIND_NAMES } from './history-texts';
import { blockingOf, describeUndoError } from './undo-errors';

/** How many of each kind change back, as the confirmation names them. */
const KIND_COUNTS: Partial<Record<AuditKind, MessageDescriptor>> = defineMessages({
  performance: { id: 'history.undoCount.performance', defaultMessage: '{count, plural, one {# set} other {# sets}}' },
  artist: { id: 'history.undoCount.artist', defaultMessage: '{count, plural, one {# artist} other {# artists}}' },
  stage: { id: 'history.undoCount.stage', defaultMessage: '{count, plural, one {# stage} other {# stages}}' },
  'info-page': { id: 'history.undoCount.infoPage', defaultMessage: '{count, plural, one {# info page} other {# info pages}}' },
  announcement: { id: 'history.undoCount.announcement', defaultMessage: '{count, plural, one {# announcement} other {# announcements}}' },
});

function thingsOf(intl: IntlShape, counts: UndoChangeAnswer['counts']): string {
  const things = Object.entries(counts).map(([kind, count]) => {
    const known = KIND_COUNTS[kind as AuditKind];
    if (known) return intl.formatMessage(known, { count });
    const name = KIND_NAMES[kind as AuditKind];
    return intl.formatMessage({ id: 'history.undoCount.other', defaultMessage: '{kind} ({count})' }, { kind: name ? intl.formatMessage(name) : kind, count });
  });
  return intl.formatList(things, { type: 'conjunction' });
}

type Step = { state: 'checking' } | { state: 'ready'; counts: UndoChangeAnswer['counts'] } | { state: 'undoing'; counts: UndoChangeAnswer['counts'] } | { state: 'refused'; error: unknown };

/**
 * "Undo" on a History entry (issue 36): a whole import (its batch) or one console edit. The
 * dialog first asks the backend what would change back (a dry run, so a change in the way is
 * named before anyone confirms), then undoes in one call; `onUndone` shows the entry undone.
 */
export function UndoChange({ entry, festival, onUndone }: { entry: WithId<AuditEntry>; festival: Festival; onUndone(): void }) {
  const intl = useIntl();
  const target: UndoTarget = entry.batchId ? { batchId: entry.batchId } : { entryId: entry.id };
  // An import is named as one; an undo's own batch (undoing an undo) is "a change".
  const isImport = entry.via === 'importProgramme';
  const [step, setStep] = useState<Step>({ state: 'checking' });
  const check = () => {
    setStep({ state: 'checking' });
    undoChange(target, true).then(
      (answer) => setStep({ state: 'ready', counts: answer.counts }),
      (error: unknown) => setStep({ state: 'refused', error }),
    );
  };
  const confirm = (close: () => void) => {
    if (step.state !== 'ready') return;
    setStep({ state: 'undoing', counts: step.counts });
    undoChange(target, false).then(
      () => {
        close();
        onUndone();
      },
      (error: unknown) => setStep({ state: 'refused', error }),
    );
  };
  const when = instantLabel(intl, entry.at, festival);
  return (
    <DialogTrigger onOpenChange={(open) => (open ? check() : undefined)}>
      <Button className="button button-secondary button-small history-undo">
        {isImport ? <FormattedMessage id="history.undo.buttonImport" defaultMessage="Undo import" /> : <FormattedMessage id="history.undo.button" defaultMessage="Undo" />}
      </Button>
      <ModalOverlay className="modal-overlay" isDismissable={step.state !== 'undoing'}>
        <Modal className="modal modal-small">
          <Dialog role="alertdialog">
            {({ close }) => (
              <>
                <Heading slot="title">
                  {isImport ? (
                    <FormattedMessage id="history.undo.titleImport" defaultMessage="Undo this import?" />
                  ) : (
                    <FormattedMessage id="history.undo.title" defaultMessage="Undo this change?" />
                  )}
                </Heading>
                {step.state === 'checking' ? <Loading label={<FormattedMessage id="history.undo.checking" defaultMessage="Checking what changes back…" />} /> : null}
                {step.state === 'ready' || step.state === 'undoing' ? (
                  <p>
                    <FormattedMessage
                      id="history.undo.explain"
                      defaultMessage="This sets {things} back to how they were before {when}. Fans of a set that moves back are told once."
                      values={{ things: <strong>{thingsOf(intl, step.counts)}</strong>, when }}
                    />
                  </p>
                ) : null}
                {step.state === 'refused' ? <UndoRefusal error={step.error} festival={festival} /> : null}
                <p role="status" className="history-undo-status">
                  {step.state === 'undoing' ? <FormattedMessage id="history.undo.undoing" defaultMessage="Undoing… this takes a few seconds." /> : null}
                </p>
                <div className="button-row">
                  <Button className="button button-secondary button-small" slot="close" isDisabled={step.state === 'undoing'}>
                    <FormattedMessage id="history.undo.cancel" defaultMessage="Keep it" />
                  </Button>
                  {step.state === 'ready' || step.state === 'undoing' ? (
                    <Button className="button button-primary button-small" onPress={() => confirm(close)} isDisabled={step.state === 'undoing'}>
                      {isImport ? (
                        <FormattedMessage id="history.undo.confirmImport" defaultMessage="Undo import" />
                      ) : (
                        <FormattedMessage id="history.undo.confirm" defaultMessage="Undo" />
                      )}
                    </Button>
                  ) : null}
                </div>
              </>
            )}
          </Dialog>
        </Modal>
      </ModalOverlay>
    </DialogTrigger>
  );
}

/** Why not: the newer change in the way (who, when, which), else the refusal's own words. */
function UndoRefusal({ error, festival }: { error: unknown; festival: Festival }) {
  const intl = useIntl();
  const blocking = blockingOf(error);
  if (!blocking) return <ErrorNotice error={error} describe={describeUndoError} />;
  const what = blocking.label ? `“${blocking.label}”` : blocking.document;
  return (
    <div className="notice notice-warn" role="alert">
      <p>
        {blocking.entryId && blocking.at ? (
          <FormattedMessage
            id="history.undo.blockedBy"
            defaultMessage="{what} was changed after this by {who} ({when})."
            values={{
              what: <strong>{what}</strong>,
              who: blocking.by ?? intl.formatMessage({ id: 'history.entry.unknownPerson', defaultMessage: 'A staff member' }),
              when: instantLabel(intl, new Date(blocking.at), festival),
            }}
          />
        ) : (
          <FormattedMessage id="history.undo.blockedUnrecorded" defaultMessage="{what} was changed after this by the app itself (not a change in the history)." values={{ what: <strong>{what}</strong> }} />
        )}
      </p>
      <p>
        <FormattedMessage id="history.undoError.changedSinceAction" defaultMessage="Undo the newer change first, or change it by hand." />
      </p>
    </div>
  );
}
