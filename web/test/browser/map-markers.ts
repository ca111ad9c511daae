import type { Locator, Page } from 'playwright-core';

/**
 * The venue map's markers as a person finds them: drawn alone, or counted in a cluster whose
 * name lists them (web/src/features/venue/clusters.ts decides which, by the plan's size and zoom).
 */

/** Every marker drawn on the plan, a cluster counting as the markers it holds (its `data-markers`). */
export function markersOnPlan(page: Page): Promise<string[]> {
  return page.locator('.site-plan .map-marker').evaluateAll((markers) => markers.flatMap((marker) => (marker as HTMLElement).dataset.markers!.split(' ')));
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A place on the plan: its own marker (named `name` then ": …" for a stage, or exactly `name`), or a cluster whose list of places names it. */
export function placeOnPlan(page: Page, name: string): Locator {
  const place = escape(name);
  return page
    .locator('.site-plan')
    .getByRole('button', { name: new RegExp(`^${place}(: .*)?$|^\\d+ places here, zoom in to see them apart: (.*, |.* and )?${place}(,| and |$)`) })
    .first();
}
