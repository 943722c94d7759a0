/**
 * Charts for the notebooks: Observable Plot drawing into linkedom's document
 * (no browser), shown as `image/svg+xml` so the executed copy keeps the SVG
 * and renders it in Jupyter, nbconvert's HTML and GitHub alike.
 */
import * as Plot from '@observablehq/plot';
import { parseHTML } from 'linkedom';
import { show } from './show.ts';

const SVG_NS = 'http://www.w3.org/2000/svg';

/** Renders a Plot to standalone SVG text. Options must not ask for a legend or caption (those wrap the SVG in a figure). */
export function plotSvg(options: Plot.PlotOptions): string {
  // linkedom's document stands in for the browser's; Deno's type library has no DOM, hence the casts.
  const { document } = parseHTML('<!doctype html><html><body></body></html>') as unknown as { document: unknown };
  const node = Plot.plot({ ...options, document } as Plot.PlotOptions) as unknown as { outerHTML: string; tagName: string; setAttribute(k: string, v: string): void };
  if (node.tagName.toLowerCase() !== 'svg') throw new Error('plotSvg: the plot is not a single SVG; drop the legend, title or caption and say it in a note instead.');
  node.setAttribute('xmlns', SVG_NS);
  return node.outerHTML;
}

/** Shows a Plot as SVG. */
export async function showPlot(options: Plot.PlotOptions): Promise<void> {
  const svg = plotSvg(options);
  await show({ 'image/svg+xml': svg, 'text/plain': '[SVG chart]' });
}

export { Plot };
