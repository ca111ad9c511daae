import { createContext, startTransition, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { clockFor, realClock, type Clock } from './clock';

const ClockContext = createContext<Clock>(realClock());

export function ClockProvider({ timeZone, children }: { timeZone: string; children: ReactNode }) {
  const clock = useMemo(() => clockFor(window.location.search, timeZone, import.meta.env.DEV), [timeZone]);
  return <ClockContext.Provider value={clock}>{children}</ClockContext.Provider>;
}

export function useClock(): Clock {
  return useContext(ClockContext);
}

/**
 * The current instant, refreshed every `everyMs`. The refresh is a transition: a page that
 * takes the time (the programme: every set's phase) renders again in slices, not in one task.
 */
export function useNow(everyMs = 30_000): Date {
  const clock = useClock();
  const [now, setNow] = useState(() => clock.now());
  // The clock the first value came from: the effect reads the time again only for another
  // clock. Reading it on mount too gave every page a second, synchronous render of everything
  // that takes the time, right after its first (on the programme, a 40 ms task on a first visit).
  const readFrom = useRef(clock);
  useEffect(() => {
    if (readFrom.current !== clock) {
      readFrom.current = clock;
      setNow(clock.now());
    }
    const timer = window.setInterval(() => startTransition(() => setNow(clock.now())), everyMs);
    return () => window.clearInterval(timer);
  }, [clock, everyMs]);
  return now;
}
