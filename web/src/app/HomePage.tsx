import { useEffect } from 'react';
import { FormattedMessage } from 'react-intl';
import { buildFestivalId } from '../config/firebase-config';
import { askHome } from '../config/ask-home';
import { homeHref, rememberedHome, rememberHome } from '../config/home-route';
import { Loading } from '../ui/Loading';
import { browserStorage } from './browser-storage';

/**
 * `/` when the page did not say what it opens (config/home-route.ts: the service worker's
 * shell or the dev server, online): reads `site/settings`, then goes to the festival (or the
 * chooser) with a full navigation, since the festival is chosen when a page loads. Always to
 * its prefixed address, the build's festival too: `/` again would ask again.
 */
export default function HomePage() {
  useEffect(() => {
    let current = true;
    const storage = browserStorage();
    void askHome(
      () => import('./home-settings').then(({ readHomeChoice }) => readHomeChoice(buildFestivalId)),
      { remembered: rememberedHome(storage), build: buildFestivalId },
    ).then((choice) => {
      if (!current) return;
      rememberHome(storage, choice);
      location.replace(homeHref(choice, location.search, location.hash));
    });
    return () => {
      current = false;
    };
  }, []);
  return <Loading label={<FormattedMessage id="app.home.opening" defaultMessage="Opening the festival…" />} />;
}
