import { escapeHtml } from './html.js';

/**
 * Inline SVG bar charts: pure functions from a chart description to SVG text,
 * no fonts or scripts fetched, the same text for the same input. Values are
 * rates in 0..1; a bar is a stack of segments (strong, then related).
 */

export interface ChartSeries {
  key: string;
  label: string;
  color: string;
}

export interface ChartSegment {
  /** 0..1 */
  value: number;
  /** Drawn lighter (related, on top of strong). */
  light: boolean;
}

export interface ChartBar {
  series: string;
  segments: ChartSegment[];
  /** The number printed above the bar; null draws `note` instead of a bar. */
  total: number | null;
  /** Why there is no bar (`abstained`, `no families`, `failed`). */
  note: string | null;
  /** Hover text. */
  tooltip: string;
}

export interface ChartGroup {
  label: string;
  bars: ChartBar[];
  /** A dashed reference line across the group (a published figure). */
  reference: { value: number; tooltip: string } | null;
}

export interface BarChart {
  /** Unique within the page (used for aria ids). */
  id: string;
  title: string;
  series: ChartSeries[];
  groups: ChartGroup[];
  /** Legend entries for the two shades and the reference line; omitted when null. */
  shades: { solid: string; light: string } | null;
  referenceLabel: string | null;
}

const BAR = 22;
const BAR_GAP = 4;
const GROUP_GAP = 30;
const LEFT = 44;
const RIGHT = 16;
const TOP = 44;
const PLOT = 200;
const BOTTOM = 40;
const CHAR = 6.4;

const num = (x: number) => (Number.isInteger(x) ? String(x) : x.toFixed(1));

export function barChart(chart: BarChart): string {
  const bars = Math.max(1, ...chart.groups.map((g) => g.bars.length));
  const groupWidth = bars * BAR + (bars - 1) * BAR_GAP;
  const plotWidth = chart.groups.length * groupWidth + Math.max(0, chart.groups.length - 1) * GROUP_GAP + 24;
  const legend = legendItems(chart);
  const legendWidth = legend.reduce((w, item) => w + item.width, 0);
  const width = Math.ceil(Math.max(LEFT + plotWidth + RIGHT, legendWidth + LEFT + RIGHT, 360));
  const height = TOP + PLOT + BOTTOM;
  const y = (v: number) => TOP + PLOT * (1 - Math.min(1, Math.max(0, v)));
  const parts: string[] = [];

  for (const tick of [0, 0.25, 0.5, 0.75, 1]) {
    parts.push(
      `<line x1="${LEFT}" x2="${width - RIGHT}" y1="${num(y(tick))}" y2="${num(y(tick))}" stroke="${tick === 0 ? '#57606a' : '#d0d7de'}" stroke-width="1"/>`,
      `<text x="${LEFT - 6}" y="${num(y(tick) + 3.5)}" text-anchor="end" class="tick">${tick * 100}%</text>`,
    );
  }

  chart.groups.forEach((group, gi) => {
    const x0 = LEFT + 12 + gi * (groupWidth + GROUP_GAP);
    group.bars.forEach((bar, bi) => parts.push(drawBar(chart, bar, x0 + bi * (BAR + BAR_GAP), y)));
    if (group.reference) {
      const ry = num(y(group.reference.value));
      parts.push(
        `<line x1="${num(x0 - 5)}" x2="${num(x0 + groupWidth + 5)}" y1="${ry}" y2="${ry}" stroke="#24292f" stroke-width="1.5" stroke-dasharray="5 3" class="reference"><title>${escapeHtml(group.reference.tooltip)}</title></line>`,
      );
    }
    parts.push(`<text x="${num(x0 + groupWidth / 2)}" y="${TOP + PLOT + 18}" text-anchor="middle" class="group">${escapeHtml(clip(group.label, Math.floor((groupWidth + GROUP_GAP) / CHAR)))}<title>${escapeHtml(group.label)}</title></text>`);
  });

  let lx = LEFT;
  for (const item of legend) {
    parts.push(item.draw(lx, 18));
    lx += item.width;
  }

  return [
    `<svg xmlns="http://www.w3.org/2000/svg" class="chart" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-labelledby="${escapeHtml(chart.id)}-title">`,
    `<title id="${escapeHtml(chart.id)}-title">${escapeHtml(chart.title)}</title>`,
    '<style>text{font:11px system-ui,-apple-system,"Segoe UI",sans-serif;fill:#24292f}.tick{fill:#57606a;font-size:10px}.value{font-size:10px}.note{fill:#57606a;font-size:9px}</style>',
    ...parts,
    '</svg>',
  ].join('\n');
}

function drawBar(chart: BarChart, bar: ChartBar, x: number, y: (v: number) => number): string {
  const color = chart.series.find((s) => s.key === bar.series)?.color ?? '#8c959f';
  const out: string[] = [`<g class="bar" data-series="${escapeHtml(bar.series)}"><title>${escapeHtml(bar.tooltip)}</title>`];
  if (bar.total === null) {
    const ny = TOP + PLOT - 4;
    out.push(`<text x="${num(x + BAR / 2 + 3)}" y="${ny}" transform="rotate(-90 ${num(x + BAR / 2 + 3)} ${ny})" class="note">${escapeHtml(bar.note ?? 'n/a')}</text>`);
  } else {
    let base = 0;
    for (const s of bar.segments) {
      if (s.value <= 0) continue;
      const top = y(base + s.value);
      out.push(`<rect x="${num(x)}" y="${num(top)}" width="${BAR}" height="${num(y(base) - top)}" fill="${color}"${s.light ? ' fill-opacity="0.4"' : ''}/>`);
      base += s.value;
    }
    out.push(`<text x="${num(x + BAR / 2)}" y="${num(y(bar.total) - 4)}" text-anchor="middle" class="value">${Math.round(bar.total * 100)}</text>`);
  }
  out.push('</g>');
  return out.join('');
}

interface LegendItem {
  width: number;
  draw: (x: number, y: number) => string;
}

function legendItems(chart: BarChart): LegendItem[] {
  const text = (label: string) => label.length * CHAR + 26;
  const items: LegendItem[] = chart.series.map((s) => ({
    width: text(s.label),
    draw: (x, y) => `<rect x="${num(x)}" y="${y - 9}" width="11" height="11" fill="${s.color}"/><text x="${num(x + 15)}" y="${y}">${escapeHtml(s.label)}</text>`,
  }));
  if (chart.shades) {
    const { solid, light } = chart.shades;
    items.push(
      { width: text(solid), draw: (x, y) => `<rect x="${num(x)}" y="${y - 9}" width="11" height="11" fill="#57606a"/><text x="${num(x + 15)}" y="${y}">${escapeHtml(solid)}</text>` },
      { width: text(light), draw: (x, y) => `<rect x="${num(x)}" y="${y - 9}" width="11" height="11" fill="#57606a" fill-opacity="0.4"/><text x="${num(x + 15)}" y="${y}">${escapeHtml(light)}</text>` },
    );
  }
  if (chart.referenceLabel) {
    const label = chart.referenceLabel;
    items.push({
      width: text(label) + 8,
      draw: (x, y) => `<line x1="${num(x)}" x2="${num(x + 16)}" y1="${y - 4}" y2="${y - 4}" stroke="#24292f" stroke-width="1.5" stroke-dasharray="5 3"/><text x="${num(x + 21)}" y="${y}">${escapeHtml(label)}</text>`,
    });
  }
  return items;
}

function clip(text: string, chars: number): string {
  return text.length <= chars ? text : `${text.slice(0, Math.max(1, chars - 1))}…`;
}
