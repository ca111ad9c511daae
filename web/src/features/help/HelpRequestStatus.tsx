import { HELP_STATUSES, helpPaths, helpRequestSchema, type HelpStatus } from '@encore/model';
import { doc } from 'firebase/firestore';
import { useMemo, useState } from 'react';
import { Button } from 'react-aria-components';
import { useIntl } from 'react-intl';
import { db } from '../../firebase/firestore';
import { useLiveDocument } from '../../firebase/live';
import { LazyErrorNotice } from '../../ui/LazyErrorNotice';
import { Loading } from '../../ui/Loading';
import { cancelHelpRequest } from './help-api';
import { helpKindNames, helpMessages, helpStatusNames } from './help-messages';

/**
 * The person's request, live: "waiting for a connection" while the write is still on the phone,
 * then each step staff take (announced to screen readers), in the reader's language.
 */
export function HelpRequestStatus({ festivalId, requestId, onAskAgain }: { festivalId: string; requestId: string; onAskAgain(): void }) {
  const intl = useIntl();
  const ref = useMemo(() => doc(db(), helpPaths.helpRequest(festivalId, requestId)), [festivalId, requestId]);
  const live = useLiveDocument(ref, helpRequestSchema);
  const [error, setError] = useState<unknown>(null);
  const request = live.data;
  if (live.status === 'loading') return <Loading label={intl.formatMessage(helpMessages.statusTitle)} />;
  // Refused by the rules, or sent from a browser whose storage was cleared: offer a new request.
  if (!request) {
    return (
      <section className="panel help-status" aria-labelledby="help-status-title">
        <h2 id="help-status-title">{intl.formatMessage(helpMessages.statusTitle)}</h2>
        <p className="notice notice-error" role="alert">
          {intl.formatMessage(helpMessages.refused)}
        </p>
        <Button className="button" onPress={onAskAgain}>
          {intl.formatMessage(helpMessages.newRequest)}
        </Button>
      </section>
    );
  }
  const reached = HELP_STATUSES.indexOf(request.status);
  const pending = live.hasPendingWrites;
  return (
    <section className="panel help-status" aria-labelledby="help-status-title">
      <h2 id="help-status-title">{intl.formatMessage(helpMessages.statusTitle)}</h2>
      <p>{intl.formatMessage(helpMessages.statusKind, { kind: intl.formatMessage(helpKindNames[request.kind]) })}</p>
      <div role="status" aria-live="polite" className="help-status-live">
        {pending ? (
          <p className="notice notice-info help-waiting">{intl.formatMessage(helpMessages.waiting)}</p>
        ) : (
          <p className="help-status-now" data-status={request.status}>
            {request.cancelled ? intl.formatMessage(helpMessages.cancelled) : intl.formatMessage(helpStatusNames[request.status])}
          </p>
        )}
      </div>
      <ol className="help-steps" aria-label={intl.formatMessage(helpMessages.steps)}>
        {HELP_STATUSES.map((status: HelpStatus, index) => {
          const done = !pending && index <= reached;
          return (
            <li key={status} className="help-step" data-done={done ? '' : undefined} aria-current={!pending && index === reached ? 'step' : undefined}>
              {intl.formatMessage(helpStatusNames[status])}
            </li>
          );
        })}
      </ol>
      {request.position ? <p className="muted">{intl.formatMessage(helpMessages.positionShared)}</p> : null}
      {error ? <LazyErrorNotice error={error} /> : null}
      {request.status === 'resolved' ? (
        <Button className="button" onPress={onAskAgain}>
          {intl.formatMessage(helpMessages.newRequest)}
        </Button>
      ) : (
        <Button className="button button-secondary" onPress={() => cancelHelpRequest(festivalId, requestId).catch(setError)}>
          {intl.formatMessage(helpMessages.cancel)}
        </Button>
      )}
    </section>
  );
}
