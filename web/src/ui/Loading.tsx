import type { ReactNode } from 'react';

/** A polite progress message for screen readers and sighted people alike. */
export function Loading({ label }: { label: ReactNode }) {
  return (
    <p className="loading" role="status">
      <span className="spinner" aria-hidden="true" />
      {label}
    </p>
  );
}
