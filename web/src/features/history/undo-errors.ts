import { undoBlockingSchema, type UndoBlocking, type UndoRefusalReason } from '@encore/model';
import { describeRefusal, type ErrorDescription } from '../../errors/describe-error';

/**
 * `undoChange`'s refusals in the reader's language (`details.reason`, UndoRefusalReason). The
 * newer change in the way is named apart (`blockingOf`), with who, when and which document.
 */
const REASONS: Record<UndoRefusalReason, ErrorDescription> = {
  'undo-unknown': {
    message: { id: 'history.undoError.unknown', defaultMessage: 'This change is no longer in the history.' },
    action: { id: 'history.undoError.unknownAction', defaultMessage: 'Reload the page to see the history as it is now.' },
    retryable: false,
  },
  'undo-changed-since': {
    message: { id: 'history.undoError.changedSince', defaultMessage: 'Something newer changed the same things.' },
    action: { id: 'history.undoError.changedSinceAction', defaultMessage: 'Undo the newer change first, or change it by hand.' },
    retryable: false,
  },
  'undo-incomplete': {
    message: { id: 'history.undoError.incomplete', defaultMessage: 'This change was too big to keep whole in the history.' },
    action: { id: 'history.undoError.incompleteAction', defaultMessage: 'Change it back by hand.' },
    retryable: false,
  },
  'undo-not-undoable': {
    message: { id: 'history.undoError.notUndoable', defaultMessage: 'This kind of change is not undone from History.' },
    action: { id: 'history.undoError.notUndoableAction', defaultMessage: 'Change team roles on the Team page and photos in Moderation.' },
    retryable: false,
  },
  'undo-delay': {
    message: { id: 'history.undoError.delay', defaultMessage: 'This is a stage delay.' },
    action: { id: 'history.undoError.delayAction', defaultMessage: 'Undo it with “Undo delay” on the programme: its fans are told once.' },
    retryable: false,
  },
  'undo-part-of-batch': {
    message: { id: 'history.undoError.partOfBatch', defaultMessage: 'This change was made together with others.' },
    action: { id: 'history.undoError.partOfBatchAction', defaultMessage: 'Undo the whole import instead.' },
    retryable: false,
  },
};

export function describeUndoError(error: unknown): ErrorDescription {
  return describeRefusal(REASONS, error);
}

/** The newer change a refusal names (`details.blocking`), or null. */
export function blockingOf(error: unknown): UndoBlocking | null {
  const details = (error as { details?: { reason?: unknown; blocking?: unknown } } | null)?.details;
  if (details?.reason !== 'undo-changed-since') return null;
  const blocking = undoBlockingSchema.safeParse(details.blocking);
  return blocking.success ? blocking.data : null;
}
