import { firestorePaths, livePhotosSchema } from '@encore/model';
import { doc } from 'firebase/firestore';
import { useMemo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { appConfig } from '../../config/firebase-config';
import { useFestival } from '../../festival/FestivalContext';
import { db } from '../../firebase/firestore';
import { useLiveDocument } from '../../firebase/live';
import { instantLabel } from '../../time/format';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { Loading } from '../../ui/Loading';
import { REACTION_KINDS_SHOWN } from '../photos/reaction-kinds';
import { reactionsPerPhoto } from './figure-lists';

/**
 * `/staff/figures/reactions`: what the dashboard's Reactions tile counts, photo by photo (the
 * published `live/photos`: the newest photos that have reactions), most first, each kind with
 * its emoji and name, the set it was taken at and who signed it where the wall knows them.
 */
export default function ReactionsListPage() {
  const intl = useIntl();
  const { programme } = useFestival();
  const ref = useMemo(() => doc(db(), firestorePaths.livePhotos(appConfig.festivalId)), []);
  const live = useLiveDocument(ref, livePhotosSchema);
  const rows = reactionsPerPhoto(live.data);
  const setLabel = (performanceId: string | null) => {
    const set = performanceId ? programme?.performances.find((candidate) => candidate.id === performanceId) : undefined;
    return set ? (programme?.artists.get(set.artistId)?.name ?? set.artistId) : null;
  };
  return (
    <section aria-labelledby="reactions-list-title">
      <Link to="/" className="back-link">
        ← <FormattedMessage id="staff.figures.back" defaultMessage="Dashboard" />
      </Link>
      <h2 id="reactions-list-title">
        <FormattedMessage id="staff.figures.reactionsTitle" defaultMessage="Reactions per photo" />
      </h2>
      <p className="muted">
        <FormattedMessage id="staff.figures.reactionsScope" defaultMessage="The newest photos that have reactions, most reactions first." />
      </p>
      {live.status === 'error' ? <ErrorNotice error={live.error} /> : null}
      {live.status === 'loading' ? <Loading label={<FormattedMessage id="staff.figures.loading" defaultMessage="Loading the figures…" />} /> : null}
      {live.status === 'ready' && rows.length === 0 ? (
        <p>
          <FormattedMessage id="staff.figures.noReactions" defaultMessage="No reactions yet." />
        </p>
      ) : null}
      {rows.length > 0 ? (
        <table className="data-table responsive-table">
          <caption className="visually-hidden">
            <FormattedMessage id="staff.figures.reactionsCaption" defaultMessage="Reactions per photo, most first" />
          </caption>
          <thead>
            <tr>
              <th scope="col">
                <FormattedMessage id="staff.figures.photo" defaultMessage="Photo" />
              </th>
              <th scope="col">
                <FormattedMessage id="staff.figures.reactionsByKind" defaultMessage="Reactions" />
              </th>
              <th scope="col">
                <FormattedMessage id="staff.figures.total" defaultMessage="Total" />
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => {
              const set = setLabel(row.performanceId);
              return (
                <tr key={row.photoId}>
                  <td>
                    {set && row.performanceId ? <Link to={`~/performances/${row.performanceId}`}>{set}</Link> : <span className="muted">{row.photoId}</span>}
                    <span className="muted">
                      {' · '}
                      {programme ? instantLabel(intl, row.createdAt, programme.festival) : null}
                      {row.uploaderName ? ` · ${row.uploaderName}` : null}
                    </span>
                  </td>
                  <td data-label={intl.formatMessage({ id: 'staff.figures.reactionsByKind', defaultMessage: 'Reactions' })}>
                    {REACTION_KINDS_SHOWN.filter(({ kind }) => row.counts[kind] > 0)
                      .map(({ kind, emoji, label }) => `${emoji} ${intl.formatMessage(label)} ${intl.formatNumber(row.counts[kind])}`)
                      .join(' · ')}
                  </td>
                  <td data-label={intl.formatMessage({ id: 'staff.figures.total', defaultMessage: 'Total' })}>{intl.formatNumber(row.total)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}
