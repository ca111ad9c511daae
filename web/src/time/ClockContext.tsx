import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { clockFor, realClock, type Clock } from './clock';

const ClockContext = createContext<Clock>(realClock());

export function ClockProvider({ timeZone, children }: { timeZone: string; children: ReactNode }) {
  const clock = useMemo(() => clockFor(window.location.search, timeZone, import.meta.env.DEV), [timeZone]);
  return <ClockContext.Provider value={clock}>{children}</ClockContext.Provider>;
}

export function useClock(): Clock {
  return useContext(ClockContext);
}

/** The current instant, refreshed every `everyMs` (and on the minute boundary it crosses). */
export function useNow(everyMs = 30_000): Date {
  const clock = useClock();
  const [now, setNow] = useState(() => clock.now());
  useEffect(() => {
    setNow(clock.now());
    const timer = window.setInterval(() => setNow(clock.now()), everyMs);
    return () => window.clearInterval(timer);
  }, [clock, everyMs]);
  return now;
}
