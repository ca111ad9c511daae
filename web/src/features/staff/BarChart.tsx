/** A small horizontal bar chart in plain HTML: readable by screen readers as a list of values. */
export function BarChart({ title, rows }: { title: string; rows: Array<{ label: string; value: number; color?: string }> }) {
  const max = Math.max(1, ...rows.map((row) => row.value));
  return (
    <figure className="panel" style={{ margin: 0 }}>
      <figcaption>
        <h3>{title}</h3>
      </figcaption>
      {rows.length === 0 ? (
        <p className="muted">No data yet.</p>
      ) : (
        <ul className="bar-chart" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {rows.map((row) => (
            <li key={row.label} className="bar-row">
              <span>{row.label}</span>
              <span className="bar-track" aria-hidden="true">
                <span className="bar-fill" style={{ width: `${(row.value / max) * 100}%`, display: 'block', ['--bar-color' as string]: row.color }} />
              </span>
              <span style={{ textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>{row.value}</span>
            </li>
          ))}
        </ul>
      )}
    </figure>
  );
}
