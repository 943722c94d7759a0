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
