import { firestorePaths, stageStatsSchema, totalsStatsSchema, trendingStatsSchema } from '@encore/model';
import { doc } from 'firebase/firestore';
import { useMemo } from 'react';
import { appConfig } from '../../config/firebase-config';
import { useFestival } from '../../festival/FestivalContext';
import { db } from '../../firebase/firestore';
import { useLiveDocument } from '../../firebase/live';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { instantLabel } from '../../time/format';
import { BarChart } from './BarChart';

/** Live aggregates (written by functions into stats/*): totals, interest per stage, trending. */
export default function DashboardPage() {
  const festivalId = appConfig.festivalId;
  const refs = useMemo(
    () => ({
      totals: doc(db(), firestorePaths.stats(festivalId, 'totals')),
      stages: doc(db(), firestorePaths.stats(festivalId, 'stages')),
      trending: doc(db(), firestorePaths.stats(festivalId, 'trending')),
    }),
    [festivalId],
  );
  const totals = useLiveDocument(refs.totals, totalsStatsSchema);
  const stages = useLiveDocument(refs.stages, stageStatsSchema);
  const trending = useLiveDocument(refs.trending, trendingStatsSchema);
  const { programme } = useFestival();
  const failed = [totals, stages, trending].find((part) => part.status === 'error');

  const stageRows = (metric: 'favorites' | 'photos') =>
    (programme?.stages ?? []).map((stage) => ({ label: stage.name, value: stages.data?.stages[stage.id]?.[metric] ?? 0, color: stage.color }));
  const trendingRows = (trending.data?.items ?? []).slice(0, 8).map((item) => {
    const set = programme?.performances.find((candidate) => candidate.id === item.performanceId);
    return { label: (set && programme?.artists.get(set.artistId)?.name) ?? item.performanceId, value: item.favorites };
  });

  return (
    <section aria-labelledby="dashboard-title">
      <h2 id="dashboard-title">Live dashboard</h2>
      {failed ? <ErrorNotice error={failed.error} /> : null}
      <div className="stat-grid" style={{ marginBottom: 16 }}>
        {(['favorites', 'photos', 'reactions', 'reports'] as const).map((key) => (
          <div key={key} className="stat">
            <div className="muted" style={{ textTransform: 'capitalize' }}>
              {key === 'favorites' ? 'Favourites' : key}
            </div>
            <div className="stat-value">{totals.data ? totals.data[key].toLocaleString('en-GB') : '–'}</div>
          </div>
        ))}
      </div>
      <div className="form-grid" style={{ gridTemplateColumns: 'repeat(auto-fill, minmax(320px, 1fr))' }}>
        <BarChart title="Favourites per stage" rows={stageRows('favorites')} />
        <BarChart title="Photos per stage" rows={stageRows('photos')} />
        <BarChart title={`Trending (last ${trending.data?.windowMinutes ?? 60} min)`} rows={trendingRows} />
      </div>
      <p className="muted">
        {totals.data && programme ? `Updated ${instantLabel(totals.data.updatedAt, programme.festival)} (festival time).` : 'No aggregates yet: they appear once functions have counted something.'}
      </p>
    </section>
  );
}
