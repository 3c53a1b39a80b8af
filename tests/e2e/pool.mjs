// Long sweeps in a pool of Web Workers (src/ui/pool.rs), in the release
// build: chapter 4's histogram of random permutations and chapter 11's
// region map of simulated mesh algorithms are computed by background
// workers (the progress line says how many) while the page keeps drawing
// frames; Cancel stops the workers; and the figures equal those the page
// computes on its own thread when it has no Worker at all. Fails on any
// console error. Timings are the benchmark's affair (bench.mjs).
import { launch, watchedPage } from './browser.mjs';
import { sweepContext } from './sweeps.mjs';

const base = process.argv[2];
const browser = await launch();
const failures = [];
const check = (ok, what) => { if (!ok) failures.push(what); console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`); };
const fig = 'figure.widget';

// Opens `hash`; with `workers: false` the page has no Worker constructor.
// Returns the figure's text once computed, the progress lines seen, the
// longest gap between animation frames while it computed, and the page.
async function compute(hash, { workers = true, keep = false } = {}) {
  const ctx = await sweepContext(browser, workers);
  const { page, problems } = await watchedPage(browser, base, {}, ctx);
  await page.goto(`${base}${hash}`);
  await page.waitForSelector(fig);
  // The gap is measured from the figure's mount on: loading the book
  // (compiling the wasm, mounting the app) is not the sweep's work, and a
  // busy machine stretched it to 250 ms in a CI run. Nor is loading the
  // figure's own module: until it is mounted, the book's placeholder
  // stands in its place, as a figure saying "Loading this figure…" (the
  // region map's module, loaded and started within the window, once
  // read 283 ms on a fresh clone's run).
  await page.waitForFunction((sel) => !(document.querySelector(`${sel} .job`)?.textContent || '').startsWith('Loading this figure'), fig);
  await page.evaluate(() => { window.__gap = 0; });
  const lines = new Set();
  const t0 = Date.now();
  for (;;) {
    const job = await page.$(`${fig} .job`);
    if (!job) break;
    lines.add((await job.textContent()).replace(/\d+%/, 'N%'));
    if (keep && [...lines].some((l) => l.includes('background worker'))) break;
    if (Date.now() - t0 > 240000) { lines.add('timed out'); break; }
    await page.waitForTimeout(50);
  }
  const gap = await page.evaluate(() => window.__gap);
  const text = keep ? '' : await page.textContent(fig);
  if (!keep) await ctx.close();
  return { text, lines: [...lines], gap, page, ctx, problems };
}

for (const [hash, what] of [
  ['#/embed/randperm?count=600&seed=3', 'the random permutations'],
  ['#/embed/regions?map=alltoall&machine=delta', 'the all-to-all region map'],
]) {
  const pooled = await compute(hash);
  const inWorkers = pooled.lines.some((l) => /in \d+ background workers?\)/.test(l));
  check(inWorkers, `${what}: computed in background workers (${pooled.lines.join(' | ')})`);
  check(pooled.gap < 250, `${what}: the page kept drawing (longest frame gap ${pooled.gap.toFixed(0)} ms)`);
  const alone = await compute(hash, { workers: false });
  check(!alone.lines.some((l) => l.includes('background')), `${what}: without Worker, the page computes it itself`);
  check(pooled.text === alone.text && pooled.text.length > 100, `${what}: the workers' figure equals the page's own`);
  for (const p of [...pooled.problems, ...alone.problems]) check(false, `${what}: ${p}`);
}

// Cancel stops the workers: 5,000 permutations are started, then stopped.
{
  const run = await compute('#/embed/randperm?count=5000&seed=2', { keep: true });
  const started = run.page.workers().length;
  check(started >= 1, `5,000 permutations: ${started} workers started`);
  await run.page.click(`${fig} .job button`);
  await run.page.waitForSelector(`${fig} .job:has-text("Stopped before the end")`);
  const left = await run.page.waitForFunction(() => true).then(async () => {
    for (let i = 0; i < 40 && run.page.workers().length > 0; i++) await run.page.waitForTimeout(50);
    return run.page.workers().length;
  });
  check(left === 0, `Cancel terminates the workers (${left} left)`);
  await run.page.click(`${fig} .job button`);
  await run.page.waitForSelector(`${fig} .job:has-text("background worker")`, { timeout: 30000 });
  check(true, 'Run again starts them anew');
  for (const p of run.problems) check(false, `cancel: ${p}`);
  await run.ctx.close();
}

await browser.close();
if (failures.length) {
  console.error(`${failures.length} check(s) failed`);
  process.exit(1);
}
console.log('the sweeps run in background workers');
