import { Button } from 'react-aria-components';
import { FormattedMessage } from 'react-intl';
import type { HomeFestivalState } from './home-festival';

/**
 * One festival's line about `/` on the organisers' page (project admins): "Opens at /" with a
 * way to stop it for the festival `/` opens now, else "Open at /". While a choice is saved
 * the buttons wait; the outcome is announced politely.
 */
export function HomeFestivalChoice({ festivalId, name, state, choose }: { festivalId: string; name: string; state: HomeFestivalState; choose: (festivalId: string | null) => void }) {
  if (state.status !== 'ready') return null;
  const isHome = state.chosen === festivalId;
  const busy = state.saving !== undefined;
  return (
    <>
      {isHome ? (
        <>
          <span className="organiser-home-badge">
            <FormattedMessage id="organiser.home.isHome" defaultMessage="Opens at /" />
          </span>
          <Button className="button button-small button-secondary" isDisabled={busy} onPress={() => choose(null)}>
            <FormattedMessage id="organiser.home.stop" defaultMessage="Stop opening {name} at /" values={{ name }} />
          </Button>
        </>
      ) : (
        <Button className="button button-small button-secondary" isDisabled={busy} onPress={() => choose(festivalId)}>
          {state.saving === festivalId ? (
            <FormattedMessage id="organiser.home.saving" defaultMessage="Saving…" />
          ) : (
            <FormattedMessage id="organiser.home.open" defaultMessage="Open {name} at /" values={{ name }} />
          )}
        </Button>
      )}
    </>
  );
}

/** Above the list: what `/` opens now, and a refused or failed change. */
export function HomeFestivalSummary({ state, nameOf }: { state: HomeFestivalState; nameOf: (festivalId: string) => string | undefined }) {
  if (state.status === 'loading') return null;
  if (state.status === 'error') {
    return (
      <p className="notice notice-warn">
        <FormattedMessage id="organiser.home.unreadable" defaultMessage="Which festival / opens could not be read. Reload the page to try again." />
      </p>
    );
  }
  const name = state.chosen ? (nameOf(state.chosen) ?? state.chosen) : null;
  return (
    <>
      <p className="muted" aria-live="polite">
        {name ? (
          <FormattedMessage id="organiser.home.current" defaultMessage="The address / opens {name}." values={{ name }} />
        ) : (
          <FormattedMessage id="organiser.home.none" defaultMessage="No festival is chosen for /: it opens the app's own festival if there is one, else the list of festivals." />
        )}
      </p>
      {state.error ? (
        <p className="notice notice-error" role="alert">
          <FormattedMessage id="organiser.home.failed" defaultMessage="That change was not saved: only a project admin signed in with a second factor may choose, and the festival must exist. Try again." />
        </p>
      ) : null}
    </>
  );
}
