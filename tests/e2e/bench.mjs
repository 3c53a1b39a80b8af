// Measures the book against its budgets (README "Benchmarks"):
// - the release site's gzipped transfer size (every file the book loads);
// - the time from navigation to the first chapter's figures being
//   interactive, in headless Chromium from localhost (median of cold loads);
// - the core's benchmark cases in the browser, beside the native times from
//   `cargo bench --bench workloads -- --json` measured in the same run.
// Usage: node bench.mjs BASE_URL DIST_DIR NATIVE_JSON_FILE
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { launch, figuresReady } from './browser.mjs';

const [base, dist, nativeFile] = process.argv.slice(2);
if (!base || !dist || !nativeFile) { console.error('usage: node bench.mjs BASE_URL DIST_DIR NATIVE_JSON'); process.exit(2); }

// The JS API's worker (commbook-worker*) is fetched only when a script
// calls window.commbook, so it is counted apart from what a reader loads.
const files = readdirSync(dist).filter((f) => statSync(join(dist, f)).isFile());
let raw = 0; let gz = 0; let apiRaw = 0; let apiGz = 0;
console.log('file                                        bytes      gzip');
for (const f of files.sort()) {
  const data = readFileSync(join(dist, f));
  const z = gzipSync(data, { level: 9 }).length;
  if (f.startsWith('commbook-worker')) { apiRaw += data.length; apiGz += z; } else { raw += data.length; gz += z; }
  console.log(`${f.padEnd(40)} ${String(data.length).padStart(9)} ${String(z).padStart(9)}`);
}
console.log(`${'the book (what a reader loads)'.padEnd(40)} ${String(raw).padStart(9)} ${String(gz).padStart(9)}  (budget 409600 gzipped)`);
console.log(`${'the JS API worker (on first API call)'.padEnd(40)} ${String(apiRaw).padStart(9)} ${String(apiGz).padStart(9)}\n`);

const browser = await launch();
const times = [];
for (let i = 0; i < 7; i++) {
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  const t0 = Date.now();
  await page.goto(`${base}#/chapter/permutations`);
  await figuresReady(page);
  await page.waitForSelector('figure.widget .player button');
  times.push(Date.now() - t0);
  await ctx.close();
}
times.sort((a, b) => a - b);
const median = times[Math.floor(times.length / 2)];
console.log(`first chapter interactive: median ${median} ms over ${times.length} cold loads (min ${times[0]}, max ${times[times.length - 1]}; budget 1000 ms)\n`);

const native = JSON.parse(readFileSync(nativeFile, 'utf8'));

// Runs every native case in the browser through the JS API's worker (the
// same core as the book's), after one call that starts the worker.
async function browserCases(url) {
  const page = await browser.newPage();
  await page.goto(`${url}#/`);
  await page.waitForFunction(() => window.commbook && window.commbook.bench);
  await page.evaluate(() => window.commbook.com({ gen: 'fig7', n: 4, d: 1 }));
  const out = {};
  for (const n of native) out[n.id] = await page.evaluate((id) => window.commbook.bench({ case: id, warmup: 1 }), n.id);
  await page.close();
  return out;
}

const browserRun = await browserCases(base);
const rows = [];
const f = (x) => x.toFixed(2).padStart(8);
console.log('case                 native min / median (ms)   browser min / median (ms)   browser/native   rate (M units/s) native / browser   checksums');
for (const n of native) {
  const b = browserRun[n.id];
  const ratio = b.median_ms / n.median_ms;
  const rate = (r) => (n.work ? (n.work / r / 1e3).toFixed(1) : '-');
  const same = b.checksum === n.checksum ? 'equal' : `DIFFER (${n.checksum} vs ${b.checksum})`;
  rows.push({ id: n.id, native_median_ms: n.median_ms, browser_median_ms: b.median_ms, ratio, work: n.work, checksums_equal: b.checksum === n.checksum });
  console.log(`${n.id.padEnd(20)} ${f(n.min_ms)} / ${f(n.median_ms)}        ${f(b.min_ms)} / ${f(b.median_ms)}        ${ratio.toFixed(2).padStart(6)}          ${rate(n.median_ms).padStart(6)} / ${rate(b.median_ms).padStart(6)}        ${same}`);
}
await browser.close();
console.log('\n' + JSON.stringify({ gzip_bytes: gz, raw_bytes: raw, api_worker_gzip_bytes: apiGz, first_interactive_ms: median, cases: rows }));
if (rows.some((r) => !r.checksums_equal)) { console.error('a case gave a different result in the browser'); process.exit(1); }
