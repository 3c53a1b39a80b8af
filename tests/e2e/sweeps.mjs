// The long sweeps in headless Chromium, with the pool of Web Workers and
// without (a page whose Worker constructor is removed computes them in
// slices on its own thread): the time until the figure is drawn and the
// longest gap between animation frames meanwhile. Used by bench.mjs;
// prints one line per case.

export const SWEEP_CASES = [
  { id: 'randperm 5,000 × 1 KB', hash: '#/embed/randperm?count=5000&p=32&bytes=1024&seed=1' },
  { id: 'regions alltoall (Delta)', hash: '#/embed/regions?map=alltoall&machine=delta' },
  { id: 'lab: 1,024 procs, all pairs', hash: '#/embed/lab?gen=random&n=1024&d=1023&bytes=64&net=off' },
];

// A browser context whose pages record the longest gap between animation
// frames in `window.__gap`; without `workers` they have no Worker.
export async function sweepContext(browser, workers) {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  if (!workers) await ctx.addInitScript(() => { delete window.Worker; });
  await ctx.addInitScript(() => {
    window.__gap = 0;
    let last = performance.now();
    const tick = (t) => { window.__gap = Math.max(window.__gap, t - last); last = t; requestAnimationFrame(tick); };
    requestAnimationFrame(tick);
  });
  return ctx;
}

export async function sweep(browser, base, c, workers) {
  const ctx = await sweepContext(browser, workers);
  const page = await ctx.newPage();
  await page.goto(`${base}#/`);
  await page.waitForSelector('main');
  // Timed from the link's figure being asked for, so loading the book
  // itself is not counted.
  const t0 = Date.now();
  await page.goto(`${base}${c.hash}`);
  await page.waitForSelector('figure.widget');
  let pooled = 0;
  for (;;) {
    const text = await page.$eval('figure.widget', (f) => f.querySelector('.job')?.textContent ?? null);
    if (text === null) break;
    const m = /in (\d+) background worker/.exec(text);
    if (m) pooled = Number(m[1]);
    await page.waitForTimeout(20);
  }
  const ms = Date.now() - t0;
  const gap = await page.evaluate(() => window.__gap);
  await ctx.close();
  return { id: c.id, workers: pooled, ms, gap_ms: gap };
}
