import { parseZonedDateTime } from '@internationalized/date';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithIntl } from '../../i18n/test-utils';
import type { Locale } from '../../i18n/locales';
import { FestivalDateTime } from './PerformanceForm';

const start = parseZonedDateTime('2026-08-14T21:30[Europe/Amsterdam]');
const range = { min: parseZonedDateTime('2026-08-14T12:00[Europe/Amsterdam]'), max: parseZonedDateTime('2026-08-17T06:00[Europe/Amsterdam]') };

/** The names the date-time field gives its parts (day, month, year, hour, minute), as screen readers hear them. */
function segmentNames(locale: Locale): string[] {
  const view = renderWithIntl(<FestivalDateTime name="start" label="Starts" value={start} onChange={() => {}} range={range} timeZone="Europe/Amsterdam" />, { locale });
  const names = screen.getAllByRole('spinbutton').map((segment) => segment.getAttribute('aria-label') ?? '');
  view.unmount();
  return names;
}

describe('the set time picker', () => {
  it('names its parts in the app’s language: Dutch in a Dutch app, not English', () => {
    const english = segmentNames('en');
    const dutch = segmentNames('nl');
    expect(english.some((name) => /day/i.test(name))).toBe(true);
    expect(dutch.some((name) => /dag/i.test(name))).toBe(true);
    expect(dutch.some((name) => /\bday\b/i.test(name))).toBe(false);
  });
});
