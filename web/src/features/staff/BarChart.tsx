import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';

/** A small horizontal bar chart in plain HTML: readable by screen readers as a list of values. */
export function BarChart({ title, rows }: { title: ReactNode; rows: Array<{ label: string; value: number; color?: string }> }) {
  const intl = useIntl();
  const max = Math.max(1, ...rows.map((row) => row.value));
  return (
    <figure className="panel" style={{ margin: 0 }}>
      <figcaption>
        <h3>{title}</h3>
      </figcaption>
      {rows.length === 0 ? (
        <p className="muted">
          <FormattedMessage id="staff.barChart.empty" defaultMessage="No data yet." />
        </p>
      ) : (
        <ul className="bar-chart">
          {rows.map((row) => (
            <li key={row.label} className="bar-row">
              <span>{row.label}</span>
              <span className="bar-track" aria-hidden="true">
                <span className="bar-fill" style={{ width: `${(row.value / max) * 100}%`, ['--bar-color' as string]: row.color }} />
              </span>
              <span className="bar-value">{intl.formatNumber(row.value)}</span>
            </li>
          ))}
        </ul>
      )}
    </figure>
  );
}
