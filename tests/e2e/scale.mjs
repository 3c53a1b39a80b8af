// The network animator at the papers' scale, in the release build: the
// whole Delta (16 × 32) and the 1,024-processor fat tree open from their
// links; both runs are simulated in the film worker and play while they
// are simulated (the player opens at once and its end moves on; the
// progress says where the work is done); then both seek (scrubber, keyboard, deep link), play and
// caption every cycle they show; a run too large is refused with its
// limit. Fails on any console error. Timings are the benchmark's affair
// (bench.mjs), not this test's.
import { launch, watchedPage } from './browser.mjs';

const base = process.argv[2];
const browser = await launch();
const failures = [];
const check = (ok, what) => { if (!ok) failures.push(what); console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`); };
const fig = 'figure.widget';
const caption = (page) => page.textContent(`${fig} .player .caption`);
const position = (page) => page.inputValue(`${fig} input[type=range]`).then(Number);

// Opens `hash`; `how` is 'watched' (the player while it is simulated) or
// anything else (the player when done), and
// `where` 'worker' or 'page' says where the run must be simulated.
async function open(hash, how, where = 'worker', init = null) {
  const { page, problems } = await watchedPage(browser, base, { viewport: { width: 1280, height: 900 } });
  if (init) await page.addInitScript(init);
  await page.goto(`${base}${hash}`);
  if (how === 'watched') {
    const to = await watching(page, hash, where);
    await page.waitForFunction(() => document.querySelector('figure.widget input[type=range]') && !document.querySelector('figure.widget .job'), null, { timeout: 240000 });
    const at = await position(page);
    check(to === undefined || at === to, `${hash}: the cycle chosen while the run was simulated is kept when it ends (${at})`);
    await seekTo(page, 0);
  }
  await page.waitForFunction(() => document.querySelector('figure.widget input[type=range]') && !document.querySelector('figure.widget .job'), null, { timeout: 240000 });
  return { page, problems };
}

// The player is open while the run is simulated: it says so, its end
// moves on, and a cycle already simulated is shown when sought.
async function watching(page, what, where = 'worker') {
  const playing = () => document.querySelector('figure.widget input[type=range]') && document.querySelector('figure.widget .job');
  const open = await page.waitForFunction(playing, null, { timeout: 60000 }).then(() => true, () => false);
  check(open, `${what}: the player opens while the run is simulated`);
  if (!open) return;
  // The progress bar shows once the run has taken 100 ms.
  const job = await page.waitForFunction(() => (document.querySelector('figure.widget .job span')?.textContent || '').includes('%'), null, { timeout: 10000 })
    .then(() => page.textContent(`${fig} .job span`), () => '');
  const inWorker = job.includes('(in a background worker)');
  check(inWorker === (where === 'worker'), `${what}: simulated ${where === 'worker' ? 'in the film worker' : 'on the page'} ("${job}")`);
  const end = Number(await page.getAttribute(`${fig} input[type=range]`, 'max'));
  const text = await page.textContent(`${fig} .player .position`);
  check(text.endsWith(' simulated so far'), `${what}: the player says how far the run is simulated ("${text}")`);
  const grew = await page.waitForFunction((v) => Number(document.querySelector('figure.widget input[type=range]')?.max) > v, end, { timeout: 60000 })
    .then(() => true, () => false);
  check(grew, `${what}: the player's end moves on as the run is simulated (from ${end})`);
  const to = Math.max(1, Math.floor(end / 2));
  await seekTo(page, to);
  const c = await caption(page);
  check(c.startsWith(`Cycle ${to}: `), `${what}: a cycle already simulated is shown while the run goes on ("${c.slice(0, 60)}")`);
  return to;
}

// True once the figure captions cycle `n` (within 10 s).
async function shows(page, n) {
  return page.waitForFunction((v) => (document.querySelector('figure.widget .player .caption')?.textContent || '').startsWith(`Cycle ${v}: `), n, { timeout: 10000 })
    .then(() => true, () => false);
}

async function seekTo(page, to) {
  await page.$eval(`${fig} input[type=range]`, (r, v) => {
    r.value = String(v);
    r.dispatchEvent(new Event('input', { bubbles: true }));
  }, to);
  await page.waitForFunction((v) => document.querySelector('figure.widget .netview canvas')?.dataset.pos === String(v), to);
}

for (const [hash, procs, messages, how] of [
  ['#/embed/netsim?net=mesh&rows=16&cols=32&pattern=alltoall&algo=lp&bytes=256', 512, 261632, 'watched'],
  ['#/embed/netsim?net=fattree&rows=32&cols=32&pattern=alltoall&algo=pex&bytes=64', 1024, 1047552, 'watched'],
]) {
  const { page, problems } = await open(hash, how);
  const len = Number(await page.getAttribute(`${fig} input[type=range]`, 'max'));
  check(len > 1000, `${procs} processors: the player spans ${len} cycles`);
  check((await caption(page)) === `Before the first cycle: ${messages} messages wait to be sent.`, `${procs}: the caption before the first cycle`);
  for (const to of [Math.floor(len / 2), 7, len - 1, Math.floor(len / 3)]) {
    await seekTo(page, to);
    const c = await caption(page);
    check(c.startsWith(`Cycle ${to}: `), `${procs}: the scrubber shows cycle ${to} ("${c.slice(0, 70)}")`);
  }
  await page.focus(fig);
  await page.keyboard.press('ArrowRight');
  check(await shows(page, Math.floor(len / 3) + 1), `${procs}: → steps one cycle`);
  await page.keyboard.press('End');
  check(await shows(page, len), `${procs}: End shows the last cycle`);
  await page.keyboard.press('Home');
  await page.click(`${fig} button.play`);
  // Past the start-ups (idle cycles are passed over): about a second here,
  // but a busy machine may take longer, and the test is not a benchmark.
  const moved = await page.waitForFunction(() => Number(document.querySelector('figure.widget input[type=range]').value) > 100, null, { timeout: 15000 })
    .then(() => true, () => false);
  await page.click(`${fig} button.play`);
  const at = await position(page);
  check(moved && at > 100, `${procs}: playing moves on, past the start-ups (at ${at})`);
  check((await caption(page)).startsWith(`Cycle ${at}: `), `${procs}: the caption follows the player`);
  const rows = await page.$$eval(`${fig} table.busiest tbody tr`, (r) => r.length);
  check(rows === 8, `${procs}: the busiest links table has 8 rows (${rows})`);
  await page.click(`${fig} table.busiest tbody tr:first-child button`);
  check((await page.textContent(`${fig} .matrix-side`)).includes('whole run'), `${procs}: choosing a busy link shows its figures`);
  await page.click(`${fig} table.busiest tbody tr:first-child button`);
  check(!(await page.textContent(`${fig} .matrix-side`)).includes('whole run'), `${procs}: choosing it again lets it go`);
  // Following the message of a packet that holds one of the busiest links
  // (the first cycle from the middle on at which one is held).
  let held = -1;
  for (let k = 0; k < 200 && held < 0; k += 1) {
    await seekTo(page, Math.floor(len / 2) + k);
    held = await page.$$eval(`${fig} table.busiest tbody tr`, (rows) => rows.findIndex((r) => !r.lastElementChild.textContent.includes('free')));
  }
  check(held >= 0, `${procs}: a busy link is held by a packet near the middle of the run`);
  if (held >= 0) {
    await page.click(`${fig} table.busiest tbody tr:nth-child(${held + 1}) button`);
    await page.click(`${fig} .matrix-side button:has-text("follow message")`);
    const side = await page.textContent(`${fig} .matrix-side`);
    check(/followed.*is under way; its packets hold [1-9]\d* channels now/.test(side), `${procs}: following a message says where it is (${side.slice(side.indexOf('followed'), side.indexOf('followed') + 70)})`);
    await page.click(`${fig} .matrix-side button:has-text("stop following")`);
  }
  // The 1,024-node film (a million messages, 43 MB) is kept too, and the
  // next visit opens it a block at a time: the same cycles, and the page's
  // memory within the animator's 200 MB (whole, it took 241 MB).
  if (procs === 1024) {
    const shelf = (t) => page.waitForFunction((v) => (document.querySelector('figure.widget .film-shelf')?.textContent || '').includes(v), t, { timeout: 120000 });
    const kept = await shelf('is kept in your browser\'s storage')
      .then(() => true, () => false);
    check(kept, `${procs}: the film of a million messages is kept in the browser's storage ("${(await page.textContent(`${fig} .film-shelf`).catch(() => '')).slice(0, 80)}")`);
    const to = Math.floor(len / 2) + 3;
    await seekTo(page, to);
    const seen = await caption(page);
    // Its checkpoints on disk (this run's in memory lie more than 200,000
    // moves apart) are kept with it.
    const disk = await page.textContent(`${fig} .film-disk`).catch(() => '');
    check(/checkpoints of this run \([\d.]+ MB\) are on disk.*kept with the film/.test(disk), `${procs}: its checkpoints on disk are kept with it ("${disk.slice(0, 60)}")`);
    const t0 = Date.now();
    await page.reload();
    const opened = await shelf('Opened from your browser\'s storage')
      .then(() => true, () => false);
    check(opened, `${procs}: the next visit opens the kept film (${Date.now() - t0} ms)`);
    check(Number(await page.getAttribute(`${fig} input[type=range]`, 'max')) === len, `${procs}: the opened film has the run's cycles`);
    await seekTo(page, to);
    check((await caption(page)) === seen, `${procs}: the opened film shows cycle ${to} as the run did`);
    check((await page.textContent(`${fig} .film-disk`).catch(() => '')) === disk, `${procs}: the opened film has its checkpoints on disk`);
    // (A seek reads a group only where it saves a replay of 100,000 moves
    // or more over the checkpoints in memory: eight seeks, back and forth.)
    for (const f of [0.9, 0.2, 0.65, 0.35, 0.8, 0.1, 0.55, 0.45]) await seekTo(page, Math.floor(len * f));
    const reads = Number(await page.getAttribute(`${fig} .netview canvas`, 'data-disk-reads'));
    check(reads >= 1, `${procs}: seeks of the opened film read its checkpoints back from disk (${reads} groups)`);
    const mem = Number(await page.getAttribute(`${fig} .netview canvas`, 'data-wasm-bytes'));
    check(mem > 0 && mem <= 200e6, `${procs}: the opened film holds the page's memory within 200 MB (${(mem / 1e6).toFixed(1)} MB)`);
    await page.click(`${fig} .film-shelf button`);
  }
  check(problems.length === 0, `${procs}: no console problem (${problems.join('; ')})`);
  await page.close();
}

// Where the film worker cannot start (here: module workers refused), the
// page simulates the run itself and it plays all the same.
{
  const noWorker = () => {
    const W = window.Worker;
    window.Worker = function (url, opts) {
      if (String(url).includes('film-worker')) throw new Error('no module workers here');
      return new W(url, opts);
    };
  };
  const { page, problems } = await open('#/embed/netsim?net=mesh&rows=16&cols=32&pattern=alltoall&algo=lp&bytes=256', 'watched', 'page', noWorker);
  check((await caption(page)).startsWith('Before the first cycle'), 'without the film worker the run plays from the page');
  check(problems.length === 0, `no film worker: no console problem (${problems.join('; ')})`);
  await page.close();
}

// A deep link opens at its cycle as soon as the run reaches it (the run
// is watched while it is simulated), before the run ends.
{
  const { page, problems } = await watchedPage(browser, base, { viewport: { width: 1280, height: 900 } });
  await page.goto(`${base}#/embed/netsim?rows=16&cols=32&bytes=64&step=9000`);
  const early = await page.waitForFunction(() => {
    const f = document.querySelector('figure.widget');
    return f && f.querySelector('.job') && (f.querySelector('.player .position')?.textContent || '').startsWith('cycle 9000 / ');
  }, null, { timeout: 60000 }).then(() => true, () => false);
  check(early, 'a deep link to cycle 9000 of the whole Delta shows it before the run ends');
  await page.waitForFunction(() => !document.querySelector('figure.widget .job'), null, { timeout: 240000 });
  check((await caption(page)).startsWith('Cycle 9000: '), 'a deep link to cycle 9000 of the whole Delta opens there');
  check(problems.length === 0, `deep link: no console problem (${problems.join('; ')})`);
  await page.close();
}

// The whole Delta's all-to-all of 4 KB (1,214 M flit moves, about a minute
// in a browser): accepted, and played while it is simulated, with a
// progress bar that moves; the test leaves before the end.
{
  const { page, problems } = await watchedPage(browser, base, { viewport: { width: 1280, height: 900 } });
  await page.goto(`${base}#/embed/netsim?net=mesh&rows=16&cols=32&pattern=alltoall&algo=lp&bytes=4096`);
  const bar = `${fig} progress`;
  await page.waitForSelector(bar, { timeout: 60000 });
  const first = Number(await page.getAttribute(bar, 'value'));
  await watching(page, '4 KB');
  const told = await page.textContent(`${fig} .forecast`).catch(() => '');
  check(/^This run makes 1214 M flit moves: 35 s to 2 min of simulation/.test(told), `4 KB: the reader is told how long the run may take ("${told.slice(0, 70)}")`);
  await page.waitForFunction((v) => Number(document.querySelector('figure.widget progress')?.value) > v, first, { timeout: 60000 })
    .then(() => check(true, `the 16 × 32 all-to-all of 4 KB is simulated while it plays (progress past ${first} %)`),
      () => check(false, 'the 16 × 32 all-to-all of 4 KB is simulated while it plays'));
  check(problems.length === 0, `4 KB: no console problem (${problems.join('; ')})`);
  await page.close();
}

// Films kept between visits (the origin-private file system): the whole
// Delta's all-to-all of 64 B (53 M flit moves) is kept when it ends, opens
// from the browser's storage on the next visit showing the same cycles,
// and is deleted on request; without that storage the film still plays and
// says why it was not kept.
{
  const hash = '#/embed/netsim?net=mesh&rows=16&cols=32&pattern=alltoall&algo=lp&bytes=64';
  const shelf = (page, text) => page.waitForFunction((t) => (document.querySelector('figure.widget .film-shelf')?.textContent || '').includes(t), text, { timeout: 240000 })
    .then(() => true, () => false);
  const { page, problems } = await open(hash, null);
  check(await shelf(page, 'is kept in your browser\'s storage'), 'a long film is kept in the browser\'s storage when it ends');
  const len = Number(await page.getAttribute(`${fig} input[type=range]`, 'max'));
  const cycles = [7, Math.floor(len / 2), len - 1];
  const seen = [];
  for (const c of cycles) { await seekTo(page, c); seen.push(await caption(page)); }
  // Checkpoints on disk kept with a film (ui::films, MARK and SWEEP): a
  // folder no page holds stays while it is marked with a film that is
  // there, and goes when its mark names no film (its tab closed before
  // the film was written). Made by hand here: a run that writes them
  // takes a minute.
  const made = await page.evaluate(async () => {
    const films = await (await navigator.storage.getDirectory()).getDirectoryHandle('films');
    let film = null;
    for await (const [n, h] of films.entries()) if (h.kind === 'file' && n.endsWith('.film')) film = n;
    const build = film.slice(0, film.indexOf('-'));
    for (const [dir, mark] of [['kept', film], ['orphan', `${build}-0000000000000000.film`]]) {
      const d = await films.getDirectoryHandle(`${build}-spill-${dir}`, { create: true });
      await d.getFileHandle(mark, { create: true });
      await d.getFileHandle('g0', { create: true });
    }
    return build;
  });
  const t0 = Date.now();
  await page.reload();
  check(await shelf(page, 'Opened from your browser\'s storage'), `the next visit opens the kept film (${Date.now() - t0} ms)`);
  const swept = await page.waitForFunction(async (build) => {
    const films = await (await navigator.storage.getDirectory()).getDirectoryHandle('films');
    const names = [];
    for await (const n of films.keys()) names.push(n);
    return !names.includes(`${build}-spill-orphan`) && names.join(' ');
  }, made, { timeout: 15000, polling: 250 }).then((h) => h.jsonValue(), () => '');
  check(swept !== '' && swept.includes(`${made}-spill-kept`), `the sweep keeps checkpoints marked with a kept film and deletes those whose film is not there (${swept})`);
  check(Number(await page.getAttribute(`${fig} input[type=range]`, 'max')) === len, 'the opened film has the run\'s cycles');
  for (const [k, c] of cycles.entries()) {
    await seekTo(page, c);
    check((await caption(page)) === seen[k], `the opened film shows cycle ${c} as the run did`);
  }
  await page.click(`${fig} .film-shelf button`);
  check(await shelf(page, 'Deleted from your browser\'s storage'), 'Delete deletes the kept film');
  check(problems.length === 0, `kept films: no console problem (${problems.join('; ')})`);
  await page.close();
  const bare = await watchedPage(browser, base, { viewport: { width: 1280, height: 900 } });
  await bare.page.addInitScript(() => { delete StorageManager.prototype.getDirectory; });
  await bare.page.goto(`${base}${hash}`);
  check(await shelf(bare.page, 'could not be kept'), 'without the file system a film says it could not be kept');
  check((await caption(bare.page)).startsWith('Before the first cycle'), 'and plays all the same');
  check(bare.problems.length === 0, `no file system: no console problem (${bare.problems.join('; ')})`);
  await bare.page.close();
}

// The 1,024-node all-to-all of 1 KB (the link of issue 15, 3,467 M flit
// moves, minutes in a browser): accepted, simulated in the film worker and
// played while it is simulated; its checkpoints go to disk (the
// origin-private file system) as it runs, a seek reads them back and
// shows its cycle, and leaving the run deletes them; the test leaves
// before the end. Without the file system the run plays all the same and
// says why its checkpoints stay in memory.
const link1k = '#/embed/netsim?net=fattree&rows=32&cols=32&pattern=alltoall&algo=pex&bytes=1024';
const diskNote = (page, re) => page.waitForFunction((r) => new RegExp(r).test(document.querySelector('figure.widget .film-disk')?.textContent || ''), re.source, { timeout: 90000 })
  .then(() => page.textContent(`${fig} .film-disk`), () => '');
const spillFolders = (page) => page.evaluate(async () => {
  const films = await (await navigator.storage.getDirectory()).getDirectoryHandle('films', { create: true });
  const out = [];
  for await (const [n, h] of films.entries()) {
    if (h.kind !== 'directory') continue;
    let files = 0;
    for await (const f of h.keys()) if (f) files += 1;
    out.push({ n, files });
  }
  return out;
});
{
  const { page, problems } = await watchedPage(browser, base, { viewport: { width: 1280, height: 900 } });
  await page.goto(`${base}${link1k}`);
  await watching(page, '1,024 nodes, 1 KB');
  const told = await page.textContent(`${fig} .forecast`).catch(() => '');
  check(/^This run makes 3467 M flit moves: /.test(told), `1 KB: the reader is told how long the run may take ("${told.slice(0, 70)}")`);
  const note = await diskNote(page, /^([2-9]\d|\d{3,}) checkpoints of this run \([\d.]+ MB\) are on disk/);
  check(note !== '', `1 KB: its checkpoints go to disk as it runs ("${note.slice(0, 90)}")`);
  const folders = await spillFolders(page);
  check(folders.length === 1 && folders[0].n.includes('-spill-') && folders[0].files >= 2, `1 KB: the browser's storage holds them (${JSON.stringify(folders)})`);
  // Seeks back into the part on disk read a group of checkpoints back.
  const max = Number(await page.getAttribute(`${fig} input[type=range]`, 'max'));
  for (const f of [0.3, 0.7, 0.45]) {
    const to = Math.floor(max * f);
    await seekTo(page, to);
    const c = await caption(page);
    check(c.startsWith(`Cycle ${to}: `), `1 KB: a seek to cycle ${to} shows it ("${c.slice(0, 50)}")`);
  }
  const reads = Number(await page.getAttribute(`${fig} .netview canvas`, 'data-disk-reads'));
  check(reads >= 1, `1 KB: the seeks read checkpoints back from disk (${reads} groups)`);
  // Leaving the run (another chapter) deletes its checkpoints.
  await page.evaluate(() => { location.hash = '#/'; });
  const gone = await page.waitForFunction(async () => {
    const films = await (await navigator.storage.getDirectory()).getDirectoryHandle('films', { create: true });
    for await (const [n] of films.entries()) if (n.includes('-spill-')) return false;
    return true;
  }, null, { timeout: 15000, polling: 250 }).then(() => true, () => false);
  check(gone, '1 KB: leaving the run deletes its checkpoints on disk');
  check(problems.length === 0, `1 KB: no console problem (${problems.join('; ')})`);
  await page.close();
  const bare = await watchedPage(browser, base, { viewport: { width: 1280, height: 900 } });
  await bare.page.addInitScript(() => { delete StorageManager.prototype.getDirectory; });
  await bare.page.goto(`${base}${link1k}`);
  await watching(bare.page, '1 KB without the file system');
  const why = await diskNote(bare.page, /could not be written to your browser's storage \(this browser has no origin-private file system\)/);
  check(why !== '', `1 KB without the file system: the page says its checkpoints stay in memory ("${why.slice(0, 90)}")`);
  check(bare.problems.length === 0, `1 KB without the file system: no console problem (${bare.problems.join('; ')})`);
  await bare.page.close();
}

// Too much traffic: refused, with the limit and the reason.
{
  const { page, problems } = await watchedPage(browser, base);
  await page.goto(`${base}#/embed/netsim?net=fattree&rows=32&cols=32&pattern=alltoall&algo=pex&bytes=8192`);
  await page.waitForFunction(() => document.body.innerText.includes('This run cannot be shown'), null, { timeout: 60000 });
  const text = await page.innerText('body');
  check(/the traffic needs [\d\s\u202f\u2009\u00a0,]+ flit moves, above the limit of 15\D000\D000\D000/.test(text), 'the 1,024-node all-to-all of 8 KB is refused with the limit');
  check(text.includes('The same run with bytes = 4096 fits the limit.'), 'the refusal names the largest message size that fits');
  check(problems.length === 0, `refusal: no console problem (${problems.join('; ')})`);
  await page.close();
}

await browser.close();
if (failures.length) {
  console.error(`${failures.length} check(s) failed`);
  process.exit(1);
}
console.log('machine-scale animator: all checks passed');
