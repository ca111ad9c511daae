import type { Announcement } from '@encore/model';
import { useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { Icon } from '../../ui/icons';
import { LaterIcon } from '../../ui/icons-later';
import './news.css';

/**
 * Urgent announcements on every page, in the header (which stays on screen, and never
 * covers the phone's tab bar): `role="alert"`, so a screen reader says it the moment it
 * arrives. Each is dismissed on its own and stays dismissed on this device. On a phone each
 * shows its whole title (wrapping as it needs, two lines for most) and the start of the
 * message; the rest is one tap away ("More"). The banners' height is published as
 * `--urgent-banners-height` on the root, so sticky bars under the header (the programme's day
 * tabs) move down by it instead of sliding under the taller header.
 * Texts come in the reader's language (NewsLayer.tsx). (Plain buttons, as the tab bar's:
 * react-aria stays out of every page's first download.)
 */
/** The root property sticky bars below the header add to their `top` (programme.css). */
export const URGENT_BANNERS_HEIGHT = '--urgent-banners-height';

/** Keeps `--urgent-banners-height` equal to the banners' height while they are shown. */
function usePublishedHeight(ref: RefObject<HTMLDivElement | null>, active: boolean) {
  useLayoutEffect(() => {
    const element = ref.current;
    if (!active || !element) return;
    const root = document.documentElement.style;
    const publish = () => root.setProperty(URGENT_BANNERS_HEIGHT, `${element.getBoundingClientRect().height}px`);
    publish();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(publish);
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      root.removeProperty(URGENT_BANNERS_HEIGHT);
    };
  }, [ref, active]);
}

export function UrgentBannerView({
  banners,
  onDismiss,
  onNewsPage,
  preview = false,
}: {
  /** `allClear`: an "all clear" following an urgent one, titled as it is ("All clear: …"), not "Urgent: …". */
  banners: ReadonlyArray<Pick<Announcement, 'title' | 'body'> & { id: string; allClear?: boolean }>;
  onDismiss(id: string): void;
  onNewsPage: boolean;
  /** The staff console's preview of one not sent yet: no alert, no buttons. */
  preview?: boolean;
}) {
  const intl = useIntl();
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const container = useRef<HTMLDivElement>(null);
  // The staff console's preview sits in a page, not in the header: it moves nothing.
  usePublishedHeight(container, banners.length > 0 && !preview);
  if (banners.length === 0) return null;
  const toggle = (id: string) =>
    setExpanded((open) => {
      const next = new Set(open);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  return (
    <div ref={container} className={`urgent-banners${preview ? ' urgent-banners-preview' : ''}`}>
      {banners.map((announcement) => {
        const open = expanded.has(announcement.id);
        return (
          <div
            key={announcement.id}
            role={preview ? undefined : 'alert'}
            className={`urgent-banner${announcement.allClear ? ' urgent-banner-all-clear' : ''}${open ? ' urgent-banner-open' : ''}${preview ? ' urgent-banner-preview' : ''}`}
            aria-labelledby={preview ? undefined : `urgent-${announcement.id}`}
          >
            <Icon name="news" className="urgent-banner-icon" />
            <div className="urgent-banner-text" id={preview ? undefined : `urgent-text-${announcement.id}`}>
              <p id={preview ? undefined : `urgent-${announcement.id}`} className="urgent-banner-title">
                {announcement.allClear ? (
                  announcement.title
                ) : (
                  <FormattedMessage id="inbox.banner.title" defaultMessage="Urgent: {title}" values={{ title: announcement.title }} />
                )}
              </p>
              <p className="urgent-banner-body">{announcement.body}</p>
              {onNewsPage ? null : (
                <Link to="/inbox" className="urgent-banner-more">
                  <FormattedMessage id="inbox.banner.more" defaultMessage="Read in News" />
                </Link>
              )}
            </div>
            {preview ? null : (
              <>
                <button
                  type="button"
                  className="urgent-banner-expand"
                  aria-expanded={open}
                  aria-controls={`urgent-text-${announcement.id}`}
                  aria-label={intl.formatMessage({ id: 'inbox.banner.expand', defaultMessage: 'All of “{title}”' }, { title: announcement.title })}
                  onClick={() => toggle(announcement.id)}
                >
                  <LaterIcon name="expand" width={20} height={20} />
                </button>
                <button
                  type="button"
                  className="urgent-banner-dismiss"
                  aria-label={intl.formatMessage({ id: 'inbox.banner.dismiss', defaultMessage: 'Dismiss “{title}”' }, { title: announcement.title })}
                  onClick={() => onDismiss(announcement.id)}
                >
                  <LaterIcon name="close" width={20} height={20} />
                </button>
              </>
            )}
          </div>
        );
      })}
    </div>
  );
}
