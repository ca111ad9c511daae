import { useState } from 'react';
import { Button } from 'react-aria-components';
import { FormattedMessage, useIntl } from 'react-intl';
import { appConfig } from '../../config/firebase-config';
import { functionUrl } from '../../config/function-url';
import { ErrorNotice } from '../../ui/ErrorNotice';

const loadFunctions = () => import('../../firebase/functions');

/**
 * The subscribable calendar feed: a secret URL calendar apps poll, so moved sets update by
 * themselves. The token comes from the `calendarLink` callable; a new one retires the old URL.
 */
export function CalendarFeed({ uid }: { uid: string }) {
  const intl = useIntl();
  const [token, setToken] = useState<string | null | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);

  const run = (action: 'get' | 'rotate' | 'revoke') => {
    setBusy(true);
    setError(null);
    loadFunctions()
      .then((module) => module.calendarToken(action))
      .then(setToken, setError)
      .finally(() => setBusy(false));
  };

  const feed = token ? `${functionUrl('calendarFeed', appConfig)}?uid=${encodeURIComponent(uid)}&token=${encodeURIComponent(token)}` : null;
  const subscribe = feed?.replace(/^https:/, 'webcal:');
  return (
    <section className="panel" aria-labelledby="feed-title" style={{ margin: '12px 0' }}>
      <h2 id="feed-title">
        <FormattedMessage id="schedule.calendarFeed.title" defaultMessage="Calendar subscription" />
      </h2>
      <p className="muted">
        <FormattedMessage id="schedule.calendarFeed.intro" defaultMessage="Subscribe once and your calendar app follows your schedule, including sets that move." />
      </p>
      {error ? <ErrorNotice error={error} /> : null}
      {feed ? (
        <>
          <p>
            <FormattedMessage
              id="schedule.calendarFeed.subscribe"
              defaultMessage="<link>Subscribe in my calendar app</link> or copy this private link:"
              values={{ link: (text) => <a href={subscribe}>{text}</a> }}
            />
          </p>
          <input className="feed-url" readOnly value={feed} aria-label={intl.formatMessage({ id: 'schedule.calendarFeed.linkLabel', defaultMessage: 'Your private calendar link' })} onFocus={(event) => event.target.select()} />
          <div className="button-row" style={{ marginTop: 8 }}>
            <Button className="button button-secondary button-small" isDisabled={busy} onPress={() => run('rotate')}>
              <FormattedMessage id="schedule.calendarFeed.rotate" defaultMessage="Make a new link (the old one stops working)" />
            </Button>
            <Button className="button button-secondary button-small" isDisabled={busy} onPress={() => run('revoke')}>
              <FormattedMessage id="schedule.calendarFeed.revoke" defaultMessage="Turn the link off" />
            </Button>
          </div>
        </>
      ) : (
        <Button className="button button-secondary" isDisabled={busy} onPress={() => run('get')}>
          {busy ? (
            <FormattedMessage id="schedule.calendarFeed.getting" defaultMessage="Getting your link…" />
          ) : token === null ? (
            <FormattedMessage id="schedule.calendarFeed.enableAgain" defaultMessage="Turn the link on again" />
          ) : (
            <FormattedMessage id="schedule.calendarFeed.get" defaultMessage="Get my calendar link" />
          )}
        </Button>
      )}
    </section>
  );
}
