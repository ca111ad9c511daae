import { LIVE_TRENDING_WINDOW_MINUTES, dailyStatsSchema, festivalDays, firestorePaths, hourlyStatsSchema, stageStatsSchema, todayStatsSchema, totalsStatsSchema } from '@encore/model';
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
import { useNow } from '../../time/ClockContext';
import { clockTime, dayLabel, instantLabel, shortDayLabel } from '../../time/format';
import { BarChart } from './BarChart';
import { ColumnChart, chartSummary, type Column } from './ColumnChart';
import { lastHours, todayFigures, type TodayFigures } from './today-figures';
import { FirstSteps } from './FirstSteps';
import { useFirstStepsDone } from './first-steps';
import { useStaffRole } from './staff-role';
import { UploadRefusals } from './UploadRefusals';

const totalsLabels = defineMessages({
  favorites: { id: 'staff.dashboard.favorites', defaultMessage: 'Favourites' },
  photos: { id: 'staff.dashboard.photos', defaultMessage: 'Photos' },
  reactions: { id: 'staff.dashboard.reactions', defaultMessage: 'Reactions' },
  reports: { id: 'staff.dashboard.reports', defaultMessage: 'Reports' },
});

const todayLabels = defineMessages({
  photosUploaded: { id: 'staff.dashboard.todayUploads', defaultMessage: 'Photos uploaded' },
  reports: { id: 'staff.dashboard.todayReports', defaultMessage: 'Reports filed' },
  favorites: { id: 'staff.dashboard.todayFavorites', defaultMessage: 'Favourites (added minus removed)' },
  reactions: { id: 'staff.dashboard.todayReactions', defaultMessage: 'Reactions' },
});
/** Where each of today's tiles leads: the list it counts (the photo wall is the visitors' app, outside the console). */
const todayLinks: Partial<Record<Exclude<keyof TodayFigures, 'day'>, string>> = { photosUploaded: '~/photos', reports: '/moderation', favorites: '/figures/favourites', reactions: '/figures/reactions' };
/** Where the whole festival's tiles lead: reports to the queue where they are dealt with, favourites and reactions to their lists. */
const totalsLinks: Partial<Record<keyof typeof totalsLabels, string>> = { favorites: '/figures/favourites', reactions: '/figures/reactions', reports: '/moderation' };

/**
 * Live aggregates (written by functions into stats/* and live/sets): today's figures as they
 * happen, totals, interest per stage, trending. One document per view, never a count.
 */
export default function DashboardPage() {
  const intl = useIntl();
  const festivalId = appConfig.festivalId;
  const refs = useMemo(
    () => ({
      totals: doc(db(), firestorePaths.stats(festivalId, 'totals')),
      stages: doc(db(), firestorePaths.stats(festivalId, 'stages')),
      hourly: doc(db(), firestorePaths.stats(festivalId, 'hourly')),
      today: doc(db(), firestorePaths.stats(festivalId, 'today')),
      // stats/daily-YYYY-MM-DD, one per festival day rolled up by the nightly maintenance.
      daily: query(collection(db(), firestorePaths.statsCollection(festivalId)), where(documentId(), '>=', 'daily-'), where(documentId(), '<', 'daily.')),
    }),
    [festivalId],
  );
  // The first steps lead to the programme's sections: shown to the roles that may go there.
  const setsUp = useStaffRole().granted('programme');
  const manages = useStaffRole().granted('manage');
  const firstSteps = useFirstStepsDone(festivalId, setsUp, manages);
  const totals = useLiveDocument(refs.totals, totalsStatsSchema);
  const stages = useLiveDocument(refs.stages, stageStatsSchema);
  // Favourites and trending are published in the festival's live document (festivals/{f}/live/sets).
  const live = useLiveCounts();
  const trending = { status: live.status, error: live.error, data: { items: live.trending, windowMinutes: LIVE_TRENDING_WINDOW_MINUTES } };
  const liveFavorites = Object.values(live.favorites).reduce((sum, count) => sum + count, 0);
  const hourly = useLiveDocument(refs.hourly, hourlyStatsSchema);
  const todayStats = useLiveDocument(refs.today, todayStatsSchema);
  const daily = useLiveQuery(refs.daily, dailyStatsSchema);
  const { programme } = useFestival();
  const now = useNow(60_000);
  const failed = [totals, stages, trending, hourly, todayStats, daily].find((part) => part.status === 'error');
  const today = programme ? todayFigures(now, programme.festival.timeZone, todayStats.data ?? undefined, hourly.data?.favorites) : null;

  // The last 12 hours up to now, labelled in festival time.
  const hourColumns: Column[] = programme ? lastHours(now, programme.festival.timeZone, hourly.data?.favorites).map(({ hour, value }) => ({ label: clockTime(intl, hour, programme.festival), value })) : [];
  // Every festival day: rolled up once its night has passed, today's as it happens.
  const dayColumns = (field: 'photosUploaded' | 'reports'): Column[] =>
    programme
      ? festivalDays(programme.festival).map((day) => ({
          label: shortDayLabel(intl, day.date),
          value: daily.data.find((entry) => entry.day === day.date)?.[field] ?? (today?.day === day.date ? today[field] : 0),
        }))
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
      {setsUp ? <FirstSteps festivalId={festivalId} done={firstSteps} withBrand={manages} /> : null}
      {today ? (
        <section aria-labelledby="dashboard-today-title">
          <h3 id="dashboard-today-title">
            <FormattedMessage id="staff.dashboard.todayTitle" defaultMessage="Today, {day} (festival time)" values={{ day: dayLabel(intl, today.day) }} />
          </h3>
          <div className="stat-grid" style={{ marginBottom: 'var(--space-4)' }}>
            {(['photosUploaded', 'reports', 'favorites', 'reactions'] as const).map((key) => {
              const tile = (
                <>
                  <div className="stat-label">{intl.formatMessage(todayLabels[key])}</div>
                  <div className="stat-value">{todayStats.status === 'loading' ? '–' : intl.formatNumber(today[key])}</div>
                </>
              );
              const to = todayLinks[key];
              return to ? (
                <Link key={key} to={to} className="stat">
                  {tile}
                </Link>
              ) : (
                <div key={key} className="stat">
                  {tile}
                </div>
              );
            })}
          </div>
        </section>
      ) : null}
      <h3>
        <FormattedMessage id="staff.dashboard.wholeFestival" defaultMessage="The whole festival" />
      </h3>
      <div className="stat-grid" style={{ marginBottom: 'var(--space-4)' }}>
        {(['favorites', 'photos', 'reactions', 'reports'] as const).map((key) => {
          const tile = (
            <>
              <div className="stat-label">{intl.formatMessage(totalsLabels[key])}</div>
              <div className="stat-value">{key === 'favorites' && live.status === 'ready' ? intl.formatNumber(liveFavorites) : totals.data ? intl.formatNumber(totals.data[key]) : '–'}</div>
            </>
          );
          const to = totalsLinks[key];
          return to ? (
            <Link key={key} to={to} className="stat">
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
      {programme ? <UploadRefusals festivalId={festivalId} timeZone={programme.festival.timeZone} now={now} /> : null}
      <p className="muted">
        <FormattedMessage id="staff.dashboard.dailyNoteLive" defaultMessage="Today’s figures count as they happen; earlier days are checked again each night. Hours and days are in festival time." />
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
