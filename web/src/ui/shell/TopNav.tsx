import { useIntl } from 'react-intl';
import { NavLink } from '../NavLink';
import { labels, topNavSections, type Badges, type Section } from './sections';

/** Wide screens: every section in the header, the current one marked `aria-current="page"`. */
export function TopNav({ extra, badges = {} }: { extra: Section[]; badges?: Badges }) {
  const intl = useIntl();
  return (
    <nav aria-label={intl.formatMessage({ id: 'ui.nav.label', defaultMessage: 'Main' })} className="top-nav">
      <ul>
        {topNavSections(extra).map((section) => (
          <li key={section.to}>
            <NavLink to={section.to} end={section.end}>
              {intl.formatMessage(labels[section.key])}
              {badges[section.key]}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
