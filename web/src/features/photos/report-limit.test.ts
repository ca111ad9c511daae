import { REPORTS_PER_WINDOW } from '@encore/model';
import { describe, expect, it } from 'vitest';
import { planReportLimit } from './report-limit';

const start = new Date('2026-08-15T20:00:00Z');
const minutesLater = (minutes: number) => new Date(start.getTime() + minutes * 60_000);

describe('the report rate limit, as the client plans it', () => {
  it('opens a window with the first report and counts on while there is room', () => {
    expect(planReportLimit(null, start)).toEqual({ kind: 'open-window' });
    expect(planReportLimit({ windowStartsAt: start, count: 3 }, minutesLater(5))).toEqual({ kind: 'count', count: 4 });
    // Room left in an old window: counting on there is what the rules always accept.
    expect(planReportLimit({ windowStartsAt: start, count: 3 }, minutesLater(90))).toEqual({ kind: 'count', count: 4 });
  });

  it('says when a full window ends, and opens a new one from then', () => {
    const full = { windowStartsAt: start, count: REPORTS_PER_WINDOW };
    expect(planReportLimit(full, minutesLater(59))).toEqual({ kind: 'full', retryAt: minutesLater(60) });
    expect(planReportLimit(full, minutesLater(60))).toEqual({ kind: 'open-window' });
  });
});
