import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import './staff-tools.css';

export interface Column {
  /** What the column is, as read aloud and in the table ("21:00", "Fri 14"). */
  label: string;
  value: number;
}

/**
 * A small column chart over time (hours, days), drawn in plain HTML. Its text alternative is
 * the same figures as a table: a summary names the chart for screen readers (the columns are
 * hidden from them), and "Show as a table" opens the figures for everyone.
 */
export function ColumnChart({ title, columns, summary, color }: { title: ReactNode; columns: readonly Column[]; summary: string; color?: string }) {
  const intl = useIntl();
  const max = Math.max(1, ...columns.map((column) => Math.abs(column.value)));
  return (
    <figure className="panel" style={{ margin: 0 }}>
      <figcaption>
        <h3>{title}</h3>
      </figcaption>
      {columns.length === 0 ? (
        <p className="muted">
          <FormattedMessage id="staff.columnChart.empty" defaultMessage="No data yet." />
        </p>
      ) : (
        <>
          <div className="column-chart" role="img" aria-label={summary}>
            {columns.map((column) => (
              <span key={column.label} className="column-chart-bar" title={`${column.label}: ${intl.formatNumber(column.value)}`} style={{ height: `${(Math.max(0, column.value) / max) * 100}%`, ['--bar-color' as string]: color }} />
            ))}
          </div>
          <div className="column-chart-axis" aria-hidden="true">
            <span>{columns[0]!.label}</span>
            <span>{columns.at(-1)!.label}</span>
          </div>
          <details className="chart-table">
            <summary>
              <FormattedMessage id="staff.columnChart.showTable" defaultMessage="Show as a table" />
            </summary>
            <table className="data-table">
              <thead>
                <tr>
                  <th scope="col">
                    <FormattedMessage id="staff.columnChart.when" defaultMessage="When" />
                  </th>
                  <th scope="col">
                    <FormattedMessage id="staff.columnChart.count" defaultMessage="Count" />
                  </th>
                </tr>
              </thead>
              <tbody>
                {columns.map((column) => (
                  <tr key={column.label}>
                    <td>{column.label}</td>
                    <td>{intl.formatNumber(column.value)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </details>
        </>
      )}
    </figure>
  );
}

/** "Peak 42 at 21:00; 230 in all": what a chart shows, in a sentence. */
export function chartSummary(intl: ReturnType<typeof useIntl>, name: string, columns: readonly Column[]): string {
  if (columns.length === 0) return name;
  const peak = columns.reduce((best, column) => (column.value > best.value ? column : best), columns[0]!);
  const total = columns.reduce((sum, column) => sum + column.value, 0);
  return intl.formatMessage(
    { id: 'staff.columnChart.summary', defaultMessage: '{name}: {total} in all, most ({peak}) at {when}, from {first} to {last}' },
    { name, total: intl.formatNumber(total), peak: intl.formatNumber(peak.value), when: peak.label, first: columns[0]!.label, last: columns.at(-1)!.label },
  );
}
