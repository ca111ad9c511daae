import { ARTIST_LINK_KINDS, type ArtistLinkKind, type ArtistLinks as Links } from '@encore/model';
import { defineMessages, useIntl } from 'react-intl';
import './artist-media.css';

export const linkNames = defineMessages({
  website: { id: 'performance.artistLinks.website', defaultMessage: 'Website' },
  listen: { id: 'performance.artistLinks.listen', defaultMessage: 'Listen' },
  instagram: { id: 'performance.artistLinks.instagram', defaultMessage: 'Instagram' },
  tiktok: { id: 'performance.artistLinks.tiktok', defaultMessage: 'TikTok' },
  youtube: { id: 'performance.artistLinks.youtube', defaultMessage: 'YouTube' },
  facebook: { id: 'performance.artistLinks.facebook', defaultMessage: 'Facebook' },
  bluesky: { id: 'performance.artistLinks.bluesky', defaultMessage: 'Bluesky' },
} satisfies Record<ArtistLinkKind, unknown>);

/** An artist's links, listen first: each opens in a new tab and says where it goes. */
export function ArtistLinks({ links, name }: { links: Links | undefined; name: string }) {
  const intl = useIntl();
  const present = ['listen', ...ARTIST_LINK_KINDS.filter((kind) => kind !== 'listen')].filter((kind) => links?.[kind as ArtistLinkKind]) as ArtistLinkKind[];
  if (present.length === 0) return null;
  return (
    <ul className="artist-links" aria-label={intl.formatMessage({ id: 'performance.artistLinks.label', defaultMessage: 'Links of {name}' }, { name })}>
      {present.map((kind) => (
        <li key={kind}>
          <a className={`button button-small${kind === 'listen' ? '' : ' button-secondary'}`} href={links![kind]} target="_blank" rel="noopener noreferrer">
            {intl.formatMessage(linkNames[kind])}
            <span className="visually-hidden"> {intl.formatMessage({ id: 'performance.artistLinks.newTab', defaultMessage: '(opens in a new tab)' })}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
