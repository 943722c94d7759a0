/** Text and number formatting for the report page. Everything from a repository passes through `escapeHtml`. */
import { wilsonInterval } from '../stats/wilson.js';

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for HTML and SVG, in element content and in quoted attributes alike. */
export function escapeHtml(value: unknown): string {
  return String(value ?? '').replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}

/** `0.581` → `58.1%`; null → an em dash. */
export function percent(value: number | null | undefined): string {
  return value === null || value === undefined ? '—' : `${(value * 100).toFixed(1)}%`;
}

/** A difference of two rates in percentage points, signed: `+12.5 pts`. */
export function points(value: number | null | undefined): string {
  if (value === null || value === undefined) return '—';
  const rounded = Math.round(value * 1000) / 10;
  return `${rounded > 0 ? '+' : rounded < 0 ? '−' : '±'}${Math.abs(rounded).toFixed(1)} pts`;
}

/** `n/of` as a rate with its counts: `58.1% (151/260)`. */
export function fraction(n: number, of: number): string {
  return of === 0 ? '—' : `${percent(n / of)} (${n}/${of})`;
}

/** `n/of` with its 95% Wilson interval (src/stats/wilson.ts): `58.1% (151/260) [52.0–64.0]`; an em dash without trials. */
export function fractionWithWilson(n: number, of: number): string {
  const ci = wilsonInterval(n, of);
  return ci === null ? '—' : withCi(fraction(n, of), ci.low, ci.high);
}

/** A figure's text and its 95% interval in the page's bracket style (`interval`); the text alone without one. */
export function withCi(text: string, low: number | null | undefined, high: number | null | undefined): string {
  const ci = interval(low, high);
  return ci ? `${text} <span class="ci">${ci}</span>` : text;
}

/** The date part of a stored ISO time. */
export function day(time: string | null | undefined): string {
  return time ? time.slice(0, 10) : '—';
}

/** A stored ISO time as `2024-12-10 09:00 UTC`. */
export function minute(time: string | null | undefined): string {
  return time ? `${time.slice(0, 10)} ${time.slice(11, 16)} UTC` : '—';
}

export function score(value: number | null | undefined): string {
  return value === null || value === undefined ? '—' : value.toFixed(2);
}

/** A 95% interval of a rate, in percent: `[37.6–96.4]`; empty when there is none. */
export function interval(low: number | null | undefined, high: number | null | undefined): string {
  if (low === null || low === undefined || high === null || high === undefined) return '';
  return `[${(low * 100).toFixed(1)}–${(high * 100).toFixed(1)}]`;
}

/** A 95% interval of a difference of rates, in signed points: `[−16.7, +50.0]`; empty when there is none. */
export function pointsInterval(low: number | null | undefined, high: number | null | undefined): string {
  if (low === null || low === undefined || high === null || high === undefined) return '';
  const signed = (v: number) => {
    const r = Math.round(v * 1000) / 10;
    return `${r > 0 ? '+' : r < 0 ? '−' : '±'}${Math.abs(r).toFixed(1)}`;
  };
  return `[${signed(low)}, ${signed(high)}]`;
}

/**
 * A rate as the report shows it: the percentage, its 95% interval, and the
 * counts it rests on (`80.0% [37.6–96.4] 4/5`); an em dash with nothing to count.
 */
export function rateWithInterval(rate: number | null, low: number | null, high: number | null, n: number, of: number | null): string {
  if (rate === null || !of) return '—';
  return `${withCi(`<span class="pt">${percent(rate)}</span>`, low, high)} <span class="n">${n}/${of}</span>`;
}
