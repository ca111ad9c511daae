import sharp from 'sharp';
import { SITE_PLAN_SIZE, SITE_PLAN_STAGE_LABEL } from '@encore/model/seed';
import type { MapMarker, MapRoute, Stage } from '@encore/model';

/**
 * The seed festival's site plan, drawn with sharp from the same positions the seed's venue
 * map places its markers at (model/src/seed/venue.ts): the island by the water, paths along
 * the routes, a coloured field for each stage, gates, and a north arrow. What a designer's
 * plan would show; Encore's map puts its own markers, icons and routes on top.
 */

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function renderSitePlan(markers: readonly MapMarker[], routes: readonly MapRoute[], stages: ReadonlyMap<string, Stage>): Promise<Buffer> {
  const { width: w, height: h } = SITE_PLAN_SIZE;
  const at = (x: number, y: number) => `${Math.round(x * w)},${Math.round(y * h)}`;
  const paths = routes
    .map((route) => `<polyline points="${route.points.map((p) => at(p.x, p.y)).join(' ')}" fill="none" stroke="#d8cfb8" stroke-width="46" stroke-linecap="round" stroke-linejoin="round"/>`)
    .join('');
  const fields = markers
    .filter((marker) => marker.kind === 'stage' && marker.stageId && stages.has(marker.stageId))
    .map((marker) => {
      const stage = stages.get(marker.stageId!)!;
      const [cx, cy] = [marker.x * w, marker.y * h];
      return `<rect x="${cx - 150}" y="${cy - 95}" width="300" height="190" rx="26" fill="${stage.color ?? '#888888'}" fill-opacity="0.35" stroke="${stage.color ?? '#888888'}" stroke-width="6"/>
        <text x="${cx}" y="${cy + SITE_PLAN_STAGE_LABEL.baselineBelow}" text-anchor="middle" font-family="sans-serif" font-size="${SITE_PLAN_STAGE_LABEL.fontSize}" font-weight="bold" fill="#3d3a33">${escapeXml(stage.name)}</text>`;
    })
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
    <rect width="100%" height="100%" fill="#a9d3e6"/>
    <path d="M 0 ${h * 0.12} C ${w * 0.3} ${h * 0.05}, ${w * 0.6} ${h * 0.1}, ${w * 0.8} ${h * 0.18} L ${w * 0.8} ${h * 0.46} L ${w * 0.95} ${h * 0.46} L ${w * 0.95} ${h * 0.58} L ${w * 0.8} ${h * 0.58} C ${w * 0.85} ${h * 0.75}, ${w} ${h * 0.8}, ${w} ${h} L 0 ${h} Z" fill="#efe6cf"/>
    <path d="M ${w * 0.02} ${h * 0.2} C ${w * 0.2} ${h * 0.16}, ${w * 0.5} ${h * 0.2}, ${w * 0.74} ${h * 0.24}" fill="none" stroke="#c2d89a" stroke-width="60" stroke-linecap="round"/>
    ${paths}
    ${fields}
    <g transform="translate(${w - 150} ${h * 0.1})"><path d="M 0 -60 L 30 40 L 0 20 L -30 40 Z" fill="#3d3a33"/><text y="90" text-anchor="middle" font-family="sans-serif" font-size="44" font-weight="bold" fill="#3d3a33">N</text></g>
    <text x="60" y="${h * 0.07}" font-family="sans-serif" font-size="56" font-weight="bold" fill="#1f3b4d">Strandeiland site plan</text>
  </svg>`;
  return sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();
}
