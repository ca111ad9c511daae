import { announcementText, isAllClear } from '@encore/model';
import { useEffect, useMemo, useRef } from 'react';
import { useLocation } from 'wouter';
import { useLocale } from '../../i18n/I18nProvider';
import { useAccount } from '../account/AccountContext';
import { savePreferences, setPreferencesLocale, watchPreferences } from '../notifications/preferences-store';
import { usePushSync } from '../notifications/push-store';
import { dismissBanner, followAnnouncements, useNews } from './news-store';
import { NewsBadgeView } from './NewsBadge';
import { UrgentBannerView } from './UrgentBanner';

/**
 * Everything the shell shows of messaging, loaded just after the first paint (app/Layout.tsx
 * imports this module lazily, so the programme page's first download stays within its
 * budget): the runtime that starts the listeners, the urgent banner and the unread badge.
 */

/** Starts the person's preferences and the announcements listeners, and keeps push in step. */
export function MessagingRuntime() {
  const { account } = useAccount();
  const { locale } = useLocale();
  const uid = account?.uid ?? null;

  useEffect(() => setPreferencesLocale(locale), [locale]);
  useEffect(() => followAnnouncements(), []);
  useEffect(() => watchPreferences(uid), [uid]);

  // The language follows the person's switch (not the first render: a browser's default
  // language on a new device must not overwrite the one they chose elsewhere), so notices
  // and pushes written on the server speak the language they last chose.
  const shownLocale = useRef(locale);
  useEffect(() => {
    if (shownLocale.current === locale) return;
    shownLocale.current = locale;
    if (uid) savePreferences({ locale }).catch((error: unknown) => console.warn('Language not saved:', error));
  }, [uid, locale]);

  usePushSync(uid, locale);
  return null;
}

export function UrgentBanner() {
  const { banners } = useNews();
  const { locale } = useLocale();
  const [location] = useLocation();
  // In the reader's language (the other one where staff left it empty).
  const shown = useMemo(() => banners.map((announcement) => ({ id: announcement.id, allClear: isAllClear(announcement), ...announcementText(announcement, locale) })), [banners, locale]);
  return <UrgentBannerView banners={shown} onDismiss={dismissBanner} onNewsPage={location === '/inbox'} />;
}

export function NewsBadge() {
  const { unread } = useNews();
  return <NewsBadgeView unread={unread} />;
}
