import { createEvents, type EventAttributes } from 'ics';
import type { PerformanceDoc, Programme } from '../../festival/programme';

/**
 * A personal schedule as an .ics calendar. Times are written in UTC, so every calendar app
 * shows them right in its own zone; the uid is the performance id, so importing again
 * updates events instead of duplicating them.
 */
export interface IcsLabels {
  /** Title of an event whose artist is unknown. */
  set: string;
  /** Location of an event whose stage is unknown. */
  stage: string;
  /** The calendar's name. */
  calendar: string;
}

export function scheduleToIcs(programme: Programme, performances: readonly PerformanceDoc[], origin: string, labels: IcsLabels): string {
  const events: EventAttributes[] = performances.map((performance) => {
    const artist = programme.artists.get(performance.artistId);
    const stage = programme.stages.find((candidate) => candidate.id === performance.stageId);
    return {
      uid: `${performance.id}@${programme.festivalId}.encore`,
      start: performance.startsAt.getTime(),
      startInputType: 'utc',
      startOutputType: 'utc',
      end: performance.endsAt.getTime(),
      endInputType: 'utc',
      endOutputType: 'utc',
      title: `${artist?.name ?? labels.set}${performance.title ? ` (${performance.title})` : ''}`,
      location: `${stage?.name ?? labels.stage}, ${programme.festival.venue}`,
      description: artist?.bio.slice(0, 500) ?? '',
      url: `${origin}/performances/${performance.id}`,
      status: performance.status === 'cancelled' ? 'CANCELLED' : 'CONFIRMED',
      categories: artist?.genres ?? [],
    };
  });
  const { error, value } = createEvents(events, { productId: 'encore/schedule', calName: labels.calendar });
  if (error || value === null) throw error ?? new Error('The calendar could not be created');
  return value;
}

/** Offers the calendar as a download. */
export function downloadIcs(content: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([content], { type: 'text/calendar;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
