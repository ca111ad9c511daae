import { LIVE_TRENDING_WINDOW_MINUTES, dailyStatsSchema, festivalDays, firestorePaths, hourlyStatsSchema, stageStatsSchema, totalsStatsSchema } from '@encore/model';
import { useLiveCounts } from '../../festival/LiveCountsContext';
import { collection, doc, documentId, query, where } from 'firebase/firestore';
import { useMemo } from 'react';
import { Link } from 'wouter';
import { FormattedMessage, defineMessages, useIntl } from 'react-intl';
import { appConfig } from '../../config/firebase-config';
import { useFestival } from '../../festival/FestivalContext';
import { db } from '../../firebase/firestore';
import { useLiveDocument, useLiveQuery } from '../../firebase/live';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { clockTime, instantLabel, shortDayLabel } from '../../time/format';
import { BarChart } from './BarChart';
import { ColumnChart, chartSummary, type Column } from './ColumnChart';

const totalsLabels = defineMessages({
  favorites: { id: 'staff.dashboard.favorites', defaultMessage: 'Favourites' },
  photos: { id: 'staff.dashboard.photos', defaultMessage: 'Photos' },
  reactions: { id: 'staff.dashboard.reactions', defaultMessage: 'Reactions' },
  reports: { id: 'staff.dashboard.reports', defaultMessage: 'Reports' },
});

/** Live aggregates (written by functions into stats/*): totals, interest per stage, trending. */
export default function DashboardPage() {
  const intl = useIntl();
  const festivalId = appConfig.festivalId;
  const refs = useMemo(
    () => ({
      totals: doc(db(), firestorePaths.stats(festivalId, 'totals')),
      stages: doc(db(), firestorePaths.stats(festivalId, 'stages')),
      hourly: doc(db(), firestorePaths.stats(festivalId, 'hourly')),
      // stats/daily-YYYY-MM-DD, one per festival day rolled up by the nightly maintenance.
      daily: query(collection(db(), firestorePaths.statsCollection(festivalId)), where(documentId(), '>=', 'daily-'), where(documentId(), '<', 'daily.')),
    }),
    [festivalId],
  );
  const totals = useLiveDocument(refs.totals, totalsStatsSchema);
  const stages = useLiveDocument(refs.stages, stageStatsSchema);
  // Favourites and trending are published in the festival's live document (festivals/{f}/live/sets).
  const live = useLiveCounts();
  const trending = { status: live.status, error: live.error, data: { items: live.trending, windowMinutes: LIVE_TRENDING_WINDOW_MINUTES } };
  const liveFavorites = Object.values(live.favorites).reduce((sum, count) => sum + count, 0);
  const hourly = useLiveDocument(refs.hourly, hourlyStatsSchema);
  const daily = useLiveQuery(refs.daily, dailyStatsSchema);
  const { programme } = useFestival();
  const failed = [totals, stages, trending, hourly, daily].find((part) => part.status === 'error');

  // The last 12 hours with figures, in festival time.
  const hourColumns: Column[] = programme
    ? Object.entries(hourly.data?.favorites ?? {})
        .slice(-12)
        .map(([hour, value]) => ({ label: clockTime(intl, new Date(hour), programme.festival), value }))
    : [];
  // Every festival day, with its rolled-up figures once the night has passed.
  const dayColumns = (field: 'photosUploaded' | 'reports'): Column[] =>
    programme
      ? festivalDays(programme.festival).map((day) => ({ label: shortDayLabel(intl, day.date), value: daily.data.find((entry) => entry.day === day.date)?.[field] ?? 0 }))
      : [];
  const charts = [
    { key: 'hourly', name: intl.formatMessage({ id: 'staff.dashboard.favoritesPerHour', defaultMessage: 'Favourites per hour' }), columns: hourColumns },
    { key: 'uploads', name: intl.formatMessage({ id: 'staff.dashboard.uploadsPerDay', defaultMessage: 'Photo uploads per day' }), columns: dayColumns('photosUploaded') },
    { key: 'reports', name: intl.formatMessage({ id: 'staff.dashboard.reportsPerDay', defaultMessage: 'Reports per day' }), columns: dayColumns('reports') },
  ];

  const stageRows = (metric: 'favorites' | 'photos') =>
    (programme?.stages ?? []).map((stage) => ({ label: stage.name, value: stages.data?.stages[stage.id]?.[metric] ?? 0, color: stage.color }));
  const trendingRows = (trending.data?.items ?? []).slice(0, 8).map((item) => {
    const set = programme?.performances.find((candidate) => candidate.id === item.performanceId);
    return { label: (set && programme?.artists.get(set.artistId)?.name) ?? item.performanceId, value: item.favorites };
  });

  return (
    <section aria-labelledby="dashboard-title">
      <h2 id="dashboard-title">
        <FormattedMessage id="staff.dashboard.title" defaultMessage="Live dashboard" />
      </h2>
      {failed ? <ErrorNotice error={failed.error} /> : null}
      <div className="stat-grid" style={{ marginBottom: 'var(--space-4)' }}>
        {(['favorites', 'photos', 'reactions', 'reports'] as const).map((key) => {
          const tile = (
            <>
              <div className="stat-label">{intl.formatMessage(totalsLabels[key])}</div>
              <div className="stat-value">{key === 'favorites' && live.status === 'ready' ? intl.formatNumber(liveFavorites) : totals.data ? intl.formatNumber(totals.data[key]) : '–'}</div>
            </>
          );
          // Reports lead to the queue where they are dealt with.
          return key === 'reports' ? (
            <Link key={key} to="/moderation" className="stat">
              {tile}
            </Link>
          ) : (
            <div key={key} className="stat">
              {tile}
            </div>
          );
        })}
      </div>
      <div className="chart-grid">
        {charts.map((chart) => (
          <ColumnChart key={chart.key} title={chart.name} columns={chart.columns} summary={chartSummary(intl, chart.name, chart.columns)} />
        ))}
      </div>
      <p className="muted">
        <FormattedMessage id="staff.dashboard.dailyNote" defaultMessage="Uploads and reports per day are counted each night for the day before." />
      </p>
      <div className="form-grid" style={{ gridTemplateColumns: 'repeat(auto-fill, minmax(320px, 1fr))' }}>
        <BarChart title={<FormattedMessage id="staff.dashboard.favoritesPerStage" defaultMessage="Favourites per stage" />} rows={stageRows('favorites')} />
        <BarChart title={<FormattedMessage id="staff.dashboard.photosPerStage" defaultMessage="Photos per stage" />} rows={stageRows('photos')} />
        <BarChart
          title={<FormattedMessage id="staff.dashboard.trending" defaultMessage="Trending (last {minutes} min)" values={{ minutes: trending.data?.windowMinutes ?? 60 }} />}
          rows={trendingRows}
        />
      </div>
      <p className="muted">
        {totals.data && programme ? (
          <FormattedMessage
            id="staff.dashboard.updated"
            defaultMessage="Updated {time} (festival time)."
            values={{ time: instantLabel(intl, totals.data.updatedAt, programme.festival) }}
          />
        ) : (
          <FormattedMessage id="staff.dashboard.noData" defaultMessage="No aggregates yet: they appear once functions have counted something." />
        )}
      </p>
    </section>
  );
}
