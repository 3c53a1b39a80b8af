// The network animator at the papers' scale, in headless Chromium: how
// soon the first picture appears, how soon the player opens (at once for
// a run watched while it is simulated), how long the whole run takes to
// simulate, the wasm module's memory at the end, how long a seek takes to
// show (scrubber to painted canvas), and the frame intervals while playing
// at the fastest speed, and the disk the finished film takes where the
// page keeps it. Used by bench.mjs; prints one line per case.

export const NETSCALE_CASES = [
  { id: 'mesh 16x32 LP 256 B', hash: '#/embed/netsim?net=mesh&rows=16&cols=32&pattern=alltoall&algo=lp&bytes=256' },
  { id: 'mesh 16x32 LP 4 KB', hash: '#/embed/netsim?net=mesh&rows=16&cols=32&pattern=alltoall&algo=lp&bytes=4096' },
  { id: 'fat tree 1024 LP 64 B', hash: '#/embed/netsim?net=fattree&rows=32&cols=32&pattern=alltoall&algo=lp&bytes=64' },
  // Simulated in the film worker, minutes each (4 KB, a quarter of an
  // hour or more, is left to a run by hand: NETSCALE_4KB=1).
  { id: 'fat tree 1024 LP 256 B', hash: '#/embed/netsim?net=fattree&rows=32&cols=32&pattern=alltoall&algo=lp&bytes=256' },
  { id: 'fat tree 1024 PEX 256 B', hash: '#/embed/netsim?net=fattree&rows=32&cols=32&pattern=alltoall&algo=pex&bytes=256' },
  { id: 'fat tree 1024 LP 1 KB', hash: '#/embed/netsim?net=fattree&rows=32&cols=32&pattern=alltoall&algo=lp&bytes=1024' },
  { id: 'fat tree 1024 PEX 1 KB', hash: '#/embed/netsim?net=fattree&rows=32&cols=32&pattern=alltoall&algo=pex&bytes=1024' },
  ...(process.env.NETSCALE_4KB ? [
    { id: 'fat tree 1024 LP 4 KB', hash: '#/embed/netsim?net=fattree&rows=32&cols=32&pattern=alltoall&algo=lp&bytes=4096' },
    { id: 'fat tree 1024 PEX 4 KB', hash: '#/embed/netsim?net=fattree&rows=32&cols=32&pattern=alltoall&algo=pex&bytes=4096' },
  ] : []),
];

const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(p * s.length))];
};

export async function netscale(browser, base, c, opts = {}) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  if (opts.init) await page.addInitScript(opts.init);
  const t0 = Date.now();
  await page.goto(`${base}${c.hash}`);
  await page.waitForSelector('figure.widget canvas[data-draw-ms]', { timeout: 60000 });
  const firstPicture = Date.now() - t0;
  await page.waitForSelector('figure.widget input[type=range]', { timeout: opts.timeout || 300000 });
  const playable = Date.now() - t0;
  await page.waitForFunction(() => !document.querySelector('figure.widget .job'), null, { timeout: opts.timeout || 300000, polling: 100 });
  const complete = Date.now() - t0;
  // A long run's film is written to the browser's storage as it ends;
  // the seeks are timed once that is done (while it is written, its
  // pieces take turns with the seeks on the page's thread).
  await page.waitForFunction(() => !/^Keeping/.test(document.querySelector('figure.widget .film-shelf')?.textContent ?? ''), null, { timeout: 600000, polling: 200 });
  const keptAt = Date.now() - t0;
  if (opts.settle) await page.waitForTimeout(opts.settle);
  const canvas = 'figure.widget .netview canvas';
  await page.waitForSelector(`${canvas}[data-pos]`);
  // Seeks: the scrubber set to a random cycle, timed until that cycle is
  // painted.
  const seeks = await page.evaluate(async (sel) => {
    const range = document.querySelector('figure.widget input[type=range]');
    const cv = document.querySelector(sel);
    const max = Number(range.max);
    let seed = 12345;
    const rnd = () => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed / 2147483648; };
    const out = [];
    for (let k = 0; k < 40; k++) {
      const to = Math.floor(rnd() * max);
      const t = performance.now();
      range.value = String(to);
      range.dispatchEvent(new Event('input', { bubbles: true }));
      range.dispatchEvent(new Event('change', { bubbles: true }));
      while (cv.dataset.pos !== String(to)) {
        await new Promise((r) => setTimeout(r, 0));
        if (performance.now() - t > 5000) break;
      }
      out.push(performance.now() - t);
    }
    return out;
  }, canvas);
  // Playing at the fastest speed: rAF intervals for three seconds.
  const frames = await page.evaluate(async () => {
    const fig = document.querySelector('figure.widget');
    const speed = fig.querySelector('select[aria-label*="speed"], select.speed, .player select');
    if (speed) { speed.value = String(speed.options.length - 1); speed.dispatchEvent(new Event('change', { bubbles: true })); }
    const range = fig.querySelector('input[type=range]');
    range.value = '0';
    range.dispatchEvent(new Event('input', { bubbles: true }));
    fig.querySelector('button.play').click();
    const gaps = [];
    let last = performance.now();
    const end = last + 3000;
    await new Promise((done) => {
      const tick = (t) => { gaps.push(t - last); last = t; if (t < end) requestAnimationFrame(tick); else done(); };
      requestAnimationFrame(tick);
    });
    fig.querySelector('button.play').click();
    return { gaps: gaps.slice(2), pos: Number(range.value) };
  });
  const mem = Number(await page.getAttribute(canvas, 'data-wasm-bytes'));
  const workerMem = Number(await page.getAttribute(canvas, 'data-worker-wasm-bytes'));
  const caption = await page.textContent('figure.widget .player .caption');
  // The disk a finished film takes: what the page says it kept in the
  // browser's storage (each case opens in a fresh context, so with no film
  // of its own). No note: a run not worth keeping
  // (book::inputs::film::worth_keeping): 0.
  const shelf = 'figure.widget .film-shelf';
  let diskMb = 0;
  let kept = 'not kept';
  if (await page.$(shelf)) {
    await page.waitForFunction((sel) => !/^Keeping/.test(document.querySelector(sel)?.textContent ?? ''), shelf, { timeout: 300000, polling: 200 });
    const note = await page.textContent(shelf);
    const m = /\(([\d.]+) MB\)/.exec(note);
    diskMb = m ? Number(m[1]) : 0;
    kept = m ? 'kept' : note;
  }
  // The checkpoints a run wrote to disk while it was shown (the
  // 1,024-node all-to-alls from 256 B up), deleted when it is left.
  const spill = 'figure.widget .film-disk';
  let spillMb = 0;
  let spilled = 0;
  let diskReads = 0;
  if (await page.$(spill)) {
    const m = /^(\d+) checkpoints of this run \(([\d.]+) MB\)/.exec(await page.textContent(spill));
    spilled = m ? Number(m[1]) : 0;
    spillMb = m ? Number(m[2]) : 0;
    diskReads = Number(await page.getAttribute(canvas, 'data-disk-reads'));
  }
  await page.close();
  return {
    id: c.id,
    first_picture_ms: firstPicture,
    playable_ms: playable,
    complete_ms: complete,
    kept_ms: keptAt,
    seek_p95_ms: pct(seeks, 0.95),
    seek_median_ms: pct(seeks, 0.5),
    frame_p95_ms: pct(frames.gaps, 0.95),
    frames: frames.gaps.length,
    // A frame is dropped when the interval spans two refreshes or more.
    dropped: frames.gaps.filter((g) => g > 1.5 * 1000 / 60).length / frames.gaps.length,
    played_to: frames.pos,
    wasm_mb: mem / 2 ** 20,
    // The film worker's own memory (0 for a run simulated on the page).
    worker_mb: workerMem / 2 ** 20,
    // Megabytes (10^6 bytes, as the page writes them) of the kept film.
    disk_mb: diskMb,
    kept,
    // Checkpoints on disk while the film is shown, their megabytes, and
    // the groups of them the seeks read back.
    spilled,
    spill_mb: spillMb,
    disk_reads: diskReads,
    caption,
  };
}
