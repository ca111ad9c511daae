import { DEFAULT_EMERGENCY_NUMBER, nearestFirstAid, type HelpPosition, type VenueMap } from '@encore/model';
import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'wouter';
import { appConfig } from '../../config/firebase-config';
import { useFestival } from '../../festival/FestivalContext';
import { positionOnPlan } from '../venue/find-place';
import { kindNames } from '../venue/map-icons';
import { usePosition } from '../venue/use-position';
import { useVenueMap } from '../venue/use-venue-map';
import { HelpRequestForm } from './HelpRequestForm';
import { helpMessages } from './help-messages';
import { rememberedRequest, rememberRequest } from './help-api';
import { HelpRequestStatus } from './HelpRequestStatus';
import './help.css';

/**
 * `/help` (issue 36): what a visitor who needs help sees, in the order it matters: the
 * emergency number (one tap to call), the nearest first-aid post from the site plan (with its
 * distance once the person shares their position), then a request to staff, and once sent, its
 * steps live. Works offline after a first visit: the plan comes from the cache and the request
 * waits on the phone until there is a connection.
 */
export default function HelpPage() {
  const intl = useIntl();
  const festivalId = appConfig.festivalId;
  const { programme } = useFestival();
  const map = useVenueMap();
  const venueMap = map.data;
  const position = usePosition();
  const [requestId, setRequestId] = useState<string | null>(() => rememberedRequest(festivalId));
  const fix = position.state.status === 'on' ? position.state : null;
  const georeference = venueMap?.georeference ?? null;
  const here = useMemo(() => (georeference && fix ? positionOnPlan(georeference, fix) : null), [georeference, fix]);
  const planPosition: HelpPosition | null = here?.onPlan && fix ? { x: here.point.x, y: here.point.y, accuracy: Math.min(100_000, Math.max(0, fix.accuracy)) } : null;
  const emergencyNumber = programme?.festival.emergencyNumber ?? DEFAULT_EMERGENCY_NUMBER;
  const show = (id: string | null) => {
    rememberRequest(festivalId, id);
    setRequestId(id);
  };
  return (
    <article className="help-page stack">
      <header className="page-header">
        <h1>{intl.formatMessage(helpMessages.title)}</h1>
        <p className="muted">{intl.formatMessage(helpMessages.intro)}</p>
      </header>
      <section className="panel help-emergency" aria-labelledby="help-emergency-title">
        <h2 id="help-emergency-title">{intl.formatMessage(helpMessages.emergencyTitle)}</h2>
        <p>{intl.formatMessage(helpMessages.emergencyBody)}</p>
        <a className="button help-call" href={`tel:${emergencyNumber.replace(/\s+/g, '')}`}>
          {intl.formatMessage(helpMessages.emergencyCall, { number: emergencyNumber })}
        </a>
      </section>
      <FirstAid map={venueMap} from={here?.onPlan ? here.point : null} />
      {requestId ? (
        <HelpRequestStatus festivalId={festivalId} requestId={requestId} onAskAgain={() => show(null)} />
      ) : (
        <HelpRequestForm festivalId={festivalId} position={position} planPosition={planPosition} canLocate={georeference !== null} offPlan={here !== null && !here.onPlan} onSent={show} />
      )}
    </article>
  );
}

function FirstAid({ map, from }: { map: VenueMap | null; from: { x: number; y: number } | null }) {
  const intl = useIntl();
  const post = map ? nearestFirstAid(map.markers, from, map.georeference ?? null) : null;
  const distance = (metres: number) =>
    metres >= 1000
      ? intl.formatNumber(metres / 1000, { style: 'unit', unit: 'kilometer', maximumFractionDigits: 1 })
      : intl.formatNumber(metres, { style: 'unit', unit: 'meter' });
  return (
    <section className="panel help-first-aid" aria-labelledby="help-first-aid-title">
      <h2 id="help-first-aid-title">{intl.formatMessage(helpMessages.firstAidTitle)}</h2>
      {post ? (
        <>
          <p className="help-first-aid-name">{post.marker.label ?? intl.formatMessage(kindNames['first-aid'])}</p>
          <p className="muted">
            {post.metres !== undefined && post.minutes !== undefined
              ? intl.formatMessage(helpMessages.firstAidDistance, { distance: distance(post.metres), minutes: post.minutes })
              : intl.formatMessage(helpMessages.firstAidPosition)}
          </p>
          <Link to="/map" className="button button-secondary">
            {intl.formatMessage(helpMessages.firstAidShowOnMap)}
          </Link>
        </>
      ) : (
        <p>{intl.formatMessage(helpMessages.firstAidNone)}</p>
      )}
    </section>
  );
}
