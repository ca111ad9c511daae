import type { ReactNode } from 'react';
import type { FestivalState } from '../festival/FestivalContext';
import type { Programme } from '../festival/programme';
import { ErrorNotice } from './ErrorNotice';
import { Loading } from './Loading';

/** Renders its children once the programme is there; otherwise says why not, plainly. */
export function FestivalGate({ state, children }: { state: FestivalState; children: (programme: Programme) => ReactNode }) {
  if (state.programme) return <>{children(state.programme)}</>;
  if (state.status === 'error') return <ErrorNotice error={state.error} onRetry={() => window.location.reload()} />;
  if (state.status === 'missing') {
    return (
      <p className="empty">
        {state.connection === 'offline'
          ? 'The programme has not been saved on this device yet. Open Encore once while online and it will work offline from then on.'
          : 'This festival has no programme yet. Check back soon.'}
      </p>
    );
  }
  return <Loading label="Loading the programme…" />;
}
