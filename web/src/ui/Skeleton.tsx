import type { ReactNode } from 'react';

/**
 * Loading placeholders shaped like what is coming (cards, a photo grid), with the reason in
 * words for screen readers. The shapes shimmer unless reduced motion is asked for.
 */
export function Skeleton({ label, shape = 'cards', count = 4 }: { label: ReactNode; shape?: 'cards' | 'tiles' | 'lines'; count?: number }) {
  const items = Array.from({ length: count }, (_, index) => index);
  return (
    <div className="skeleton-group" role="status">
      <span className="visually-hidden">{label}</span>
      <div className={shape === 'tiles' ? 'skeleton-tiles' : 'skeleton-group'} aria-hidden="true">
        {items.map((index) => (
          <span
            key={index}
            className={`skeleton ${shape === 'tiles' ? 'skeleton-tile' : shape === 'lines' ? 'skeleton-line' : 'skeleton-card'}`}
            style={shape === 'lines' ? { width: `${92 - ((index * 17) % 40)}%` } : undefined}
          />
        ))}
      </div>
    </div>
  );
}
