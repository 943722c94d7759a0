import { execFile } from 'node:child_process';
import { accessSync, constants, copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { expect, test } from 'vitest';
import { writeReport } from '../../src/api/report.js';
import { escapeHtml } from '../../src/report/html.js';
import { tempDir } from '../fixtures/repo.js';
import { makeStudyDb, XSS_TITLE } from '../fixtures/study-db.js';

/**
 * Opens the report in a real browser: Debian's `chromium` package, driven
 * from the command line (no npm package). Skipped when no chromium binary is
 * on PATH. The screenshot is also copied to /tmp/swe-future-report.png.
 */

const run = promisify(execFile);

function findChromium(): string | null {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    for (const name of ['chromium', 'chromium-browser']) {
      const file = join(dir, name);
      try {
        accessSync(file, constants.X_OK);
        return file;
      } catch {
        // not here
      }
    }
  }
  return null;
}

const chromium = findChromium();

async function browse(url: string, profile: string, extra: string[]): Promise<string> {
  const { stdout } = await run(
    chromium!,
    ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run',
      `--user-data-dir=${profile}`, '--window-size=1280,2000', ...extra, url],
    { timeout: 30_000, maxBuffer: 32 * 1024 * 1024 },
  );
  return stdout;
}

test.skipIf(chromium === null)('the report renders in headless Chromium with its table, cards, charts and working filter (needs the chromium binary on PATH, skipped without it: apt-get install -y chromium)', async () => {
  const dir = await tempDir();
  const { file } = await makeStudyDb();
  const { path } = await writeReport({ db: file, out: join(dir, 'report') });

  const dom = await browse(pathToFileURL(path).href, join(dir, 'profile-dom'), ['--dump-dom']);
  expect(dom).toContain('<table class="results" data-judge="lexical">');
  expect(dom.match(/<article class="card"/g)).toHaveLength(10);
  expect(dom.match(/<svg /g)).toHaveLength(4);
  expect(dom).toContain('80.0%');
  expect(dom.match(/<script>/g)).toHaveLength(1);
  expect(dom).toContain(escapeHtml(XSS_TITLE)); // shown as text, never run

  // The card filter: choose the second forecaster (hotspot) and count what stays visible.
  const probe = join(dir, 'report', 'filter-probe.html');
  writeFileSync(probe, readFileSync(path, 'utf8').replace('</body>',
    `<script>const s = document.querySelector('select[name=forecaster]'); s.value = 'f1'; s.dispatchEvent(new Event('change', { bubbles: true }));</script></body>`));
  const filtered = await browse(pathToFileURL(probe).href, join(dir, 'profile-filter'), ['--dump-dom']);
  expect(filtered.match(/<article class="card"[^>]*hidden/g)).toHaveLength(8);
  expect(filtered).toContain('<output id="shown">2</output>');

  const png = join(dir, 'report.png');
  await browse(pathToFileURL(path).href, join(dir, 'profile-shot'), [`--screenshot=${png}`]);
  const image = readFileSync(png);
  expect(image.subarray(1, 4).toString('latin1')).toBe('PNG');
  expect(image.readUInt32BE(16)).toBe(1280); // IHDR width
  expect(image.length).toBeGreaterThan(20_000);
  copyFileSync(png, '/tmp/swe-future-report.png');
});

/**
 * What a viewport `width` px wide makes of the report, measured inside the page and written into the wrapper's DOM
 * for --dump-dom. The report is loaded in an iframe of that width because headless Chromium will not make its window
 * narrower than 500 px, whatever --window-size says. The iframe's load event comes before the wrapper's, so the
 * numbers are in the DOM before it is dumped.
 */
const MEASURE = `(frame) => {
  const doc = frame.contentDocument, win = frame.contentWindow, root = doc.documentElement;
  const boxes = [...doc.querySelectorAll('.table-scroll')];
  const pts = doc.querySelector('table.results tr.forecaster td.lift .nowrap');
  const vs = pts && pts.nextElementSibling;
  const result = {
    innerWidth: win.innerWidth, clientWidth: root.clientWidth, scrollWidth: root.scrollWidth,
    tables: doc.querySelectorAll('table').length,
    tablesInBoxes: doc.querySelectorAll('.table-scroll > table').length,
    boxOverflowX: boxes.map((b) => win.getComputedStyle(b).overflowX),
    boxesScrolling: boxes.filter((b) => b.scrollWidth > b.clientWidth).length,
    lift: pts && { pts: pts.textContent, ptsLines: pts.getClientRects().length, vs: vs.textContent, vsColor: win.getComputedStyle(vs).color, cellColor: win.getComputedStyle(pts).color, vsBelow: vs.getBoundingClientRect().top >= pts.getBoundingClientRect().bottom },
  };
  document.getElementById('measured-' + frame.width).textContent = JSON.stringify(result);
}`;

function viewportProbe(widths: number[]): string {
  return [
    '<!doctype html><html><head><meta charset="utf-8"></head><body>',
    `<script>const measure = ${MEASURE};</script>`,
    ...widths.map((w) => `<pre id="measured-${w}"></pre><iframe src="index.html" width="${w}" height="800" style="border:0" onload="measure(this)"></iframe>`),
    '</body></html>',
  ].join('\n');
}

test.skipIf(chromium === null)('on a 375 px phone screen and at 1024 px the report never scrolls sideways: each table scrolls in its own box, and the lift cell keeps its number on one line with "vs <baseline>" muted below it (needs the chromium binary on PATH, skipped without it: apt-get install -y chromium)', async () => {
  const dir = await tempDir();
  const { file } = await makeStudyDb();
  const { path } = await writeReport({ db: file, out: join(dir, 'report') });
  const probe = join(dir, 'report', 'viewport-probe.html');
  writeFileSync(probe, viewportProbe([375, 1024]));

  const dom = await browse(pathToFileURL(probe).href, join(dir, 'profile-viewport'), ['--allow-file-access-from-files', '--dump-dom']);
  const measured = (width: number) => {
    const text = new RegExp(`<pre id="measured-${width}">([^<]*)</pre>`).exec(dom)?.[1];
    if (!text) throw new Error(`the probe page did not measure the report at ${width} px (is ${path} readable from the probe?)`);
    return JSON.parse(text.replace(/&quot;/g, '"').replace(/&amp;/g, '&')) as {
      innerWidth: number; clientWidth: number; scrollWidth: number; tables: number; tablesInBoxes: number;
      boxOverflowX: string[]; boxesScrolling: number;
      lift: { pts: string; ptsLines: number; vs: string; vsColor: string; cellColor: string; vsBelow: boolean } | null;
    };
  };

  const phone = measured(375);
  expect(phone.innerWidth).toBe(375);
  expect(phone.scrollWidth).toBeLessThanOrEqual(phone.clientWidth); // the page itself does not overflow
  expect(phone.tables).toBe(4); // two results tables (one per judge), repositories, agreement
  expect(phone.tablesInBoxes).toBe(phone.tables);
  expect(phone.boxOverflowX).toEqual(['auto', 'auto', 'auto', 'auto']);
  expect(phone.boxesScrolling).toBeGreaterThan(0); // the results tables are wider than a phone: their boxes scroll, not the page
  expect(phone.lift).toMatchObject({ pts: '+30.0 pts', ptsLines: 1, vs: 'vs hotspot', vsBelow: true });
  expect(phone.lift!.vsColor).not.toBe(phone.lift!.cellColor); // muted

  const laptop = measured(1024);
  expect(laptop.innerWidth).toBe(1024);
  expect(laptop.scrollWidth).toBeLessThanOrEqual(laptop.clientWidth);
  expect(laptop.boxOverflowX).toEqual(['auto', 'auto', 'auto', 'auto']);
});
