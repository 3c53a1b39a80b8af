// Measures the book against its budgets (README "Benchmarks"):
// - every file of the release site, gzipped, by what it is;
// - what opening the cover and chapter 1 transfers from a cold cache, what
//   each further chapter adds of its own (its page and its share of the
//   search index), and how soon each chapter is readable, in headless
//   Chromium from localhost;
// - the time from navigation to the first chapter's figures being
//   interactive (median of cold loads);
// - the core's benchmark cases in the browser, beside the native times from
//   `cargo bench --bench workloads -- --json` measured in the same run.
// Usage: node bench.mjs BASE_URL DIST_DIR NATIVE_JSON_FILE
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { netscale, NETSCALE_CASES } from './netscale.mjs';
import { sweep, SWEEP_CASES } from './sweeps.mjs';
import { launch, figuresReady } from './browser.mjs';

const [base, dist, nativeFile] = process.argv.slice(2);
if (!base || !dist || !nativeFile) { console.error('usage: node bench.mjs BASE_URL DIST_DIR NATIVE_JSON'); process.exit(2); }

// Sizes are gzip level 9 as Node's zlib computes it, file by file.
const gzOf = (path) => gzipSync(readFileSync(path), { level: 9 }).length;
const walk = (dir, pre = '') => readdirSync(dir).flatMap((f) => statSync(join(dir, f)).isDirectory() ? walk(join(dir, f), `${pre}${f}/`) : [`${pre}${f}`]);
const files = walk(dist).sort();
const size = Object.fromEntries(files.map((f) => [f, { raw: statSync(join(dist, f)).size, gz: gzOf(join(dist, f)) }]));
const kind = (f) => f.startsWith('pages/search.') ? 'search index'
  : f.startsWith('pages/') ? 'chapter page'
  : f.startsWith('commbook-worker') ? 'JS API worker'
  : /^commbook-[a-z]+-[0-9a-f]+/.test(f) ? 'figure module'
  : f === 'sw.js' ? 'service worker' : 'the book';
console.log('file                                              bytes      gzip  what');
for (const f of files) console.log(`${f.padEnd(48)} ${String(size[f].raw).padStart(9)} ${String(size[f].gz).padStart(9)}  ${kind(f)}`);
const sum = (pick) => files.filter(pick).reduce((a, f) => a + size[f].gz, 0);
const whole = sum(() => true);
console.log(`${'the whole site (saved for offline on the first visit)'.padEnd(58)} ${String(whole).padStart(9)}\n`);

// What opening a page needs, from a cold cache: every response until the
// page's figures are ready, the service worker kept out (it saves the rest
// of the book afterwards, in the background).
const browser = await launch();
const pathOf = (u) => decodeURIComponent(new URL(u).pathname).replace(new URL(base).pathname, '');
async function coldLoad(hash) {
  const ctx = await browser.newContext({ serviceWorkers: 'block' });
  const page = await ctx.newPage();
  const got = new Set();
  page.on('response', (r) => { const f = pathOf(r.url()); if (f === '' || f === '/') got.add('index.html'); else if (size[f]) got.add(f); });
  const t0 = Date.now();
  await page.goto(`${base}${hash}`);
  await page.waitForSelector('article.chapter h1, .cover h1');
  await page.waitForFunction(() => !document.querySelector('.chapter-loading'));
  const readable = Date.now() - t0;
  if (hash.startsWith('#/chapter/')) await figuresReady(page);
  const interactive = Date.now() - t0;
  // The heavy figures below the first screens wait for the reader (they
  // compute once within a screen of the viewport); asked for all at once,
  // the whole chapter is done at `complete`.
  const waiting = await page.$$eval('button.compute-now', (bs) => { bs.forEach((b) => b.click()); return bs.length; });
  if (hash.startsWith('#/chapter/')) await figuresReady(page, 120000, true);
  const complete = Date.now() - t0;
  await ctx.close();
  const list = [...got].sort();
  return { list, gz: list.reduce((a, f) => a + size[f].gz, 0), readable, interactive, waiting, complete };
}
const budgets = {};
for (const [name, hash] of [['the cover', '#/'], ['chapter 1', '#/chapter/permutations']]) {
  const r = await coldLoad(hash);
  budgets[name] = r.gz;
  console.log(`opening ${name} cold transfers ${r.gz} bytes gzipped (budget 350000): ${r.list.join(', ')}`);
}

// Each chapter after the first: its own page and its share of the search
// index (fetched on the first search) against 60 KB; the figure module it
// needs is loaded once for all the chapters that use it, and reported.
const index = readFileSync(join(dist, files.find((f) => f.startsWith('pages/search.'))), 'utf8').split('\n');
console.log('\nchapter            page gz   index share gz   own total (budget 60000)   module (loaded once)   readable / interactive (budget 2000) / every figure, deferred ones asked for (ms, cold)');
const chapters = [];
let slowest = 0;
// In reading order: the index lists the chapters in the book's order.
const order = [...new Set(index.map((l) => l.split('\t')[0]).filter(Boolean))];
const pageOf = (slug) => files.find((f) => f.startsWith(`pages/${slug}.`) && f.endsWith('.html'));
for (const slug of order) {
  const f = pageOf(slug);
  const share = gzipSync(index.filter((l) => l.startsWith(`${slug}\t`)).join('\n'), { level: 9 }).length;
  const r = await coldLoad(`#/chapter/${slug}`);
  const modules = r.list.filter((x) => kind(x) === 'figure module');
  const moduleGz = modules.reduce((a, m) => a + size[m].gz, 0);
  const own = size[f].gz + share;
  slowest = Math.max(slowest, r.readable);
  chapters.push({ slug, page_gzip: size[f].gz, index_share_gzip: share, own_gzip: own, module_gzip: moduleGz, readable_ms: r.readable, interactive_ms: r.interactive, deferred_figures: r.waiting, complete_ms: r.complete });
  console.log(`${slug.padEnd(18)} ${String(size[f].gz).padStart(8)} ${String(share).padStart(16)} ${String(own).padStart(18)}        ${String(moduleGz).padStart(14)}        ${r.readable} / ${r.interactive} / ${r.complete} (${r.waiting} deferred)`);
}
console.log(`slowest chapter readable cold: ${slowest} ms (budget 1000)\n`);

const times = [];
for (let i = 0; i < 7; i++) times.push((await coldLoad('#/chapter/permutations')).interactive);
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
// The animator at the papers' scale (tests/e2e/netscale.mjs).
const scale = [];
console.log('\nanimator at scale       first picture (ms)  player (ms)  whole run (s)  seek p95 / median (ms)  frame p95 (ms), dropped  wasm memory (MB)  film worker (MB)  disk (MB)');
for (const c of NETSCALE_CASES) {
  const r = await netscale(browser, base, c, { timeout: 1800000 });
  scale.push(r);
  const mark = (x, budget) => `${x.toFixed(1)}${x > budget ? ' (over)' : ''}`;
  // Frame intervals are whole refreshes (16.67 ms at 60 Hz) as the
  // page's clock (100 µs steps) reads them: 16.7 or 16.8 is one refresh.
  const frame = `${mark(r.frame_p95_ms, 16.85)}, ${(100 * r.dropped).toFixed(1)} %`;
  console.log(`${c.id.padEnd(24)} ${mark(r.first_picture_ms, 2000).padStart(16)}  ${String(r.playable_ms).padStart(11)}  ${(r.complete_ms / 1000).toFixed(1).padStart(13)}  ${mark(r.seek_p95_ms, 50).padStart(12)} / ${r.seek_median_ms.toFixed(1).padStart(6)}  ${frame.padStart(22)}  ${mark(r.wasm_mb, 200).padStart(16)}  ${r.worker_mb.toFixed(1).padStart(16)}  ${(r.kept === 'kept' ? `${r.disk_mb.toFixed(1)}${r.spilled ? ` + ${r.spill_mb.toFixed(1)} of checkpoints (${r.spilled}, ${r.disk_reads} groups read)` : ''}` : r.spilled ? `${r.spill_mb.toFixed(1)} while shown (${r.spilled} checkpoints, ${r.disk_reads} groups read)` : `0 (${r.kept})`).padStart(9)}`);
}
console.log('budgets: first picture ≤ 2000 ms, seek p95 ≤ 50 ms, frame p95 one refresh (≤ 16.7 ms as 60 Hz is, read to 0.1 ms), memory ≤ 200 MB');
// The long sweeps, with the Web Worker pool and on the page's own thread
// (tests/e2e/sweeps.mjs), side by side.
const sweeps = [];
console.log('\nsweep                      workers  until drawn (s)  longest frame gap (ms)   page thread only: until drawn (s), gap (ms)   speed-up');
for (const c of SWEEP_CASES) {
  const pool = await sweep(browser, base, c, true);
  const alone = await sweep(browser, base, c, false);
  sweeps.push({ id: c.id, pool, alone });
  console.log(`${c.id.padEnd(26)} ${String(pool.workers).padStart(7)}  ${(pool.ms / 1000).toFixed(1).padStart(15)}  ${pool.gap_ms.toFixed(0).padStart(22)}   ${(alone.ms / 1000).toFixed(1).padStart(32)}, ${alone.gap_ms.toFixed(0).padStart(5)}   ${(alone.ms / pool.ms).toFixed(2).padStart(8)}`);
}
await browser.close();
console.log('\n' + JSON.stringify({ sweeps, animator_at_scale: scale, cold_cover_gzip: budgets['the cover'], cold_chapter1_gzip: budgets['chapter 1'], whole_site_gzip: whole, chapters, first_interactive_ms: median, cases: rows }));
const over = budgets['the cover'] > 350000 || budgets['chapter 1'] > 350000 || chapters.some((c) => c.own_gzip > 60000) || slowest > 1000;
if (over) console.error('a load budget is exceeded (see above)');
if (rows.some((r) => !r.checksums_equal)) { console.error('a case gave a different result in the browser'); process.exit(1); }
