import { helpPaths, helpRequestSchema, staffDutySchema, type HelpHandler, type HelpRequest, type VenueMap } from '@encore/model';
import { collection, doc, orderBy, query, Timestamp, where } from 'firebase/firestore';
import { useMemo, useState } from 'react';
import { Button } from 'react-aria-components';
import { useIntl } from 'react-intl';
import { appConfig } from '../../config/firebase-config';
import { db } from '../../firebase/firestore';
import { useLiveDocument, useLiveQuery } from '../../firebase/live';
import type { WithId } from '../../firebase/to-model';
import { useNow } from '../../time/ClockContext';
import { LazyErrorNotice } from '../../ui/LazyErrorNotice';
import { Skeleton } from '../../ui/Skeleton';
import { useAccount } from '../account/AccountContext';
import { MapPin, SitePlan } from '../venue/SitePlan';
import { useVenueMap } from '../venue/use-venue-map';
import { markOnTheWay, markResolved, setHelpAlerts } from './help-api';
import { HELP_DESK_HOURS, helpDeskOrder, minutesWaiting } from './help-desk-logic';
import { helpDeskMessages } from './help-desk-messages';
import { helpKindNames, helpStatusNames } from './help-messages';
import './help.css';

type Request = WithId<HelpRequest>;

/**
 * The console's Help section (issue 36, capability `help`: every role): the last day's requests
 * live, open ones oldest first, each numbered on the site plan where its person shared a
 * position; "On the way" and "Resolved" (which deletes the position); and this staff member's
 * "Push me new requests".
 */
export default function HelpDeskPage() {
  const intl = useIntl();
  const festivalId = appConfig.festivalId;
  const { account } = useAccount();
  // The window's start is fixed when the page opens: a moving bound would make a new listener every tick.
  const [since] = useState(() => Timestamp.fromMillis(Date.now() - HELP_DESK_HOURS * 3_600_000));
  const requestsQuery = useMemo(() => query(collection(db(), helpPaths.helpRequests(festivalId)), where('createdAt', '>=', since), orderBy('createdAt')), [festivalId, since]);
  const live = useLiveQuery(requestsQuery, helpRequestSchema);
  const map = useVenueMap();
  const now = useNow(15_000);
  const { open, resolved } = helpDeskOrder(live.data);
  const handler: HelpHandler | null = account ? { uid: account.uid, name: (account.displayName ?? account.email ?? account.uid).slice(0, 80) } : null;
  const [error, setError] = useState<unknown>(null);
  const numbered = open.filter((request) => request.position);
  return (
    <div className="help-desk stack">
      <header>
        <h2>{intl.formatMessage(helpDeskMessages.title)}</h2>
        <p className="muted">{intl.formatMessage(helpDeskMessages.intro)}</p>
      </header>
      {account ? <AlertsSwitch festivalId={festivalId} uid={account.uid} onError={setError} /> : null}
      {error ? <LazyErrorNotice error={error} /> : null}
      {live.error ? <LazyErrorNotice error={live.error} /> : null}
      <div className="help-desk-layout">
        <section aria-labelledby="help-desk-open">
          <h3 id="help-desk-open">{intl.formatMessage(helpDeskMessages.open, { count: open.length })}</h3>
          {live.status === 'loading' ? (
            <Skeleton shape="lines" count={3} label={intl.formatMessage(helpDeskMessages.title)} />
          ) : open.length === 0 ? (
            <p className="muted">{intl.formatMessage(helpDeskMessages.none)}</p>
          ) : (
            <ol className="help-desk-list" aria-live="polite">
              {open.map((request) => (
                <RequestCard
                  key={request.id}
                  request={request}
                  number={numbered.indexOf(request) + 1 || null}
                  now={now}
                  onTheWay={handler && request.status === 'new' ? () => markOnTheWay(festivalId, request.id, handler).catch(setError) : null}
                  resolve={() => markResolved(festivalId, request.id, request.handledBy ? null : handler).catch(setError)}
                />
              ))}
            </ol>
          )}
        </section>
        {map.data ? <RequestsOnPlan map={map.data} requests={numbered} /> : null}
      </div>
      {resolved.length > 0 ? (
        <section aria-labelledby="help-desk-resolved">
          <h3 id="help-desk-resolved">{intl.formatMessage(helpDeskMessages.resolved, { count: resolved.length })}</h3>
          <ul className="help-desk-list">
            {resolved.map((request) => (
              <li key={request.id} className="help-desk-card" data-request={request.id} data-status={request.status}>
                <strong>{intl.formatMessage(helpKindNames[request.kind])}</strong>{' '}
                <span className="muted">
                  {request.cancelled ? intl.formatMessage(helpDeskMessages.cancelledByRequester) : intl.formatMessage(helpStatusNames.resolved)}
                  {request.handledBy ? ` · ${request.handledBy.name}` : ''}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

function RequestCard({ request, number, now, onTheWay, resolve }: { request: Request; number: number | null; now: Date; onTheWay: (() => void) | null; resolve(): void }) {
  const intl = useIntl();
  const kind = intl.formatMessage(helpKindNames[request.kind]);
  return (
    <li className="help-desk-card" data-request={request.id} data-status={request.status} aria-labelledby={`help-request-${request.id}`}>
      <p id={`help-request-${request.id}`} className="help-desk-card-title">
        {number !== null ? <span className="help-desk-number" aria-hidden="true">{number}</span> : null}
        <strong>{kind}</strong>
        <span className="muted">{intl.formatMessage(helpDeskMessages.waiting, { minutes: minutesWaiting(request.createdAt, now) })}</span>
      </p>
      {request.note ? <p className="help-desk-note">{request.note}</p> : null}
      <p className="muted">
        {intl.formatMessage(request.status === 'new' ? helpDeskMessages.statusNew : helpDeskMessages.statusOnTheWay)}
        {request.handledBy ? ` · ${request.handledBy.name}` : ''}
        {' · '}
        {request.position
          ? intl.formatMessage(helpDeskMessages.onPlan, { number: number ?? 0 })
          : intl.formatMessage(helpDeskMessages.noPosition)}
        {' · '}
        {intl.formatMessage(helpDeskMessages.language, { locale: request.locale })}
      </p>
      <div className="help-desk-actions">
        {onTheWay ? (
          <Button className="button" onPress={onTheWay} aria-label={intl.formatMessage(helpDeskMessages.onTheWayNamed, { kind, minutes: minutesWaiting(request.createdAt, now) })}>
            {intl.formatMessage(helpDeskMessages.onTheWay)}
          </Button>
        ) : null}
        <Button className="button button-secondary" onPress={resolve} aria-label={intl.formatMessage(helpDeskMessages.resolveNamed, { kind, minutes: minutesWaiting(request.createdAt, now) })}>
          {intl.formatMessage(helpDeskMessages.resolve)}
        </Button>
      </div>
    </li>
  );
}

function RequestsOnPlan({ map, requests }: { map: VenueMap; requests: readonly Request[] }) {
  const intl = useIntl();
  return (
    <section aria-labelledby="help-desk-plan" className="help-desk-plan">
      <h3 id="help-desk-plan">{intl.formatMessage(helpDeskMessages.plan)}</h3>
      <SitePlan image={map.image} routes={map.routes} label={intl.formatMessage(helpDeskMessages.plan)}>
        {requests.map((request, index) =>
          request.position ? (
            <MapPin key={request.id} point={request.position} id={`help-pin-${request.id}`}>
              <span className="map-marker help-desk-pin" data-request={request.id} role="img" aria-label={intl.formatMessage(helpDeskMessages.pin, { number: index + 1, kind: intl.formatMessage(helpKindNames[request.kind]) })}>
                {index + 1}
              </span>
            </MapPin>
          ) : null,
        )}
      </SitePlan>
    </section>
  );
}

/** "Push me new requests": this staff member's own choice (`staffDuty/{uid}`), for the devices they turned notifications on for. */
function AlertsSwitch({ festivalId, uid, onError }: { festivalId: string; uid: string; onError(error: unknown): void }) {
  const intl = useIntl();
  const ref = useMemo(() => doc(db(), helpPaths.staffDuty(festivalId, uid)), [festivalId, uid]);
  const duty = useLiveDocument(ref, staffDutySchema);
  return (
    <div className="field">
      <label className="switch">
        <input type="checkbox" role="switch" checked={duty.data?.helpAlerts ?? false} onChange={(event) => setHelpAlerts(festivalId, uid, event.target.checked).catch(onError)} aria-describedby="help-alerts-hint" />
        <span className="switch-indicator" aria-hidden="true" />
        {intl.formatMessage(helpDeskMessages.alerts)}
      </label>
      <p id="help-alerts-hint" className="field-hint">
        {intl.formatMessage(helpDeskMessages.alertsHint)}
      </p>
    </div>
  );
}
