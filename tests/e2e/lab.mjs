// Chapter 12, the lab, in the release build served from a sub-path: a
// dense 1,024-processor matrix is tabled by background workers while the
// page keeps drawing frames; a row is selected and stepped; the matrix
// exported as CSV is uploaded again and gives the same table; a bad paste
// is explained with its row and column and the text kept; a timeline of
// the MPI runner is set beside the model; the animator plays the selected
// schedule; the matrix comes back on the next visit. Fails on any console
// error.
import { readFileSync } from 'node:fs';
import { launch, watchedPage } from './browser.mjs';
import { sweepContext } from './sweeps.mjs';

const base = process.argv[2];
const fixtures = new URL('../fixtures/', import.meta.url);
const browser = await launch();
const failures = [];
const check = (ok, what) => { if (!ok) failures.push(what); console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`); };
const idle = (page, timeout = 240000) => page.waitForFunction(
  () => document.querySelector('.lab-table, .lab-error, figure.widget .notices') && !document.querySelector('figure.widget .job'),
  null, { timeout });
const tableText = (page) => page.$eval('.lab-table', (t) => [...t.querySelectorAll('tbody tr')].map((r) => {
  const cells = [...r.querySelectorAll('th, td')].map((c) => c.textContent.trim());
  cells.splice(5, 1); // the scheduling time is measured, not computed
  return cells.join(' | ');
}).join('\n'));

const ctx = await sweepContext(browser, true);
const { page, problems } = await watchedPage(browser, base, {}, ctx);

// 1. n = 1,024, every pair: nineteen rows computed by workers (the twelve
// schedulers, paper 004's four exchanges and chapter 14's three).
await page.goto(`${base}#/chapter/lab?lab.gen=random&lab.n=1024&lab.d=1023&lab.bytes=64&lab.net=off`);
await page.waitForSelector('figure.widget .job', { timeout: 60000 });
await page.evaluate(() => { window.__gap = 0; });
let progress = '';
for (let i = 0; i < 200 && !/background worker/.test(progress); i++) {
  progress = (await page.$eval('figure.widget', (f) => f.querySelector('.job')?.textContent ?? 'done')).trim();
  if (progress === 'done') break;
  await page.waitForTimeout(50);
}
check(/background worker/.test(progress), `the table is computed by workers: "${progress}"`);
await idle(page);
const gap = await page.evaluate(() => window.__gap);
// The longest gap (about 250-300 ms here) is the page reading the selected
// schedule's million transfers when they arrive from the worker.
check(gap < 500, `the page kept drawing while 1,024 processors were scheduled (longest frame gap ${gap.toFixed(0)} ms)`);
const rows = await page.$$eval('.lab-table tbody tr', (r) => r.length);
check(rows === 19, `19 rows on a complete exchange of 1,024 processors (got ${rows})`);
const lp = await page.textContent('.lab-table tr[data-algo="lp"] .lab-phases');
check(lp.trim() === '1023', `LP takes 1,023 phases (got ${lp})`);
await page.click('.lab-table tr[data-algo="pex"] button');
await idle(page);
const cap = await page.textContent('#widget-lab .caption');
check(cap.startsWith('PEX: 1023 phases'), `PEX selected: "${cap}"`);

// 2. A matrix uploaded, exported, uploaded again.
await page.goto(`${base}#/chapter/lab?lab.net=fattree`);
await idle(page);
await page.setInputFiles('.lab-upload input[type=file]', fileURLToPathSafe(new URL('nonuniform-8.json', fixtures)));
await page.waitForFunction(() => document.querySelector('.lab-table caption')?.textContent.includes('8 × 8'), null, { timeout: 60000 });
await idle(page);
const first = await tableText(page);
const [download] = await Promise.all([page.waitForEvent('download'), page.click('.lab-export-com-csv')]);
const csvPath = await download.path();
await page.click('.lab-generator');
await idle(page);
await page.setInputFiles('.lab-upload input[type=file]', csvPath);
await page.waitForFunction(() => document.querySelector('.lab-table caption')?.textContent.includes('8 × 8'), null, { timeout: 60000 });
await idle(page);
check(await tableText(page) === first, 'the exported CSV, uploaded again, gives the same table');
const [json] = await Promise.all([page.waitForEvent('download'), page.click('.lab-export-json')]);
const exported = JSON.parse(readFileSync(await json.path(), 'utf8'));
check(exported.algo === 'lp' && Array.isArray(exported.phases) && exported.stats, 'the schedule exports as the CLI\'s JSON');

// 3. The timeline the MPI runner wrote for this matrix and LP.
await page.setInputFiles('.lab-timeline input[type=file]', fileURLToPathSafe(new URL('timeline-lp-nu8.json', fixtures)));
await page.waitForSelector('.lab-timeline-table');
const tl = await page.$$eval('.lab-timeline-table tbody tr', (r) => r.length);
check(tl === exported.phases.length, `the timeline's phases beside the model (${tl} rows, ${exported.phases.length} phases)`);
const notes = await page.$$eval('.lab-timeline .notices', (n) => n.length);
check(notes === 0, 'the timeline matches the selected schedule');

// 4. A bad paste: said, and the text kept.
await page.fill('.lab-matrix', '0 1 2\n3 0 -5\n1 1 0');
await page.click('.lab-use');
const said = await page.textContent('.lab-error');
check(said.includes('row 1, column 2 is negative (-5)'), `a negative size is named: "${said}"`);
check(await page.inputValue('.lab-matrix') === '0 1 2\n3 0 -5\n1 1 0', 'the typed text is kept');

// 5. The animator on the selected schedule.
// A small schedule is on the network as soon as its row is selected.
check(!(await page.$('.lab-watch')), 'a small schedule opens in the animator with its row');
await page.waitForSelector('.lab-net input[type=range]', { timeout: 120000 });
await page.focus('.lab-net input[type=range]');
const phaseBefore = await page.textContent('#widget-lab > .caption, #widget-lab .caption');
await page.keyboard.press('End');
const end = await page.$eval('.lab-net input[type=range]', (r) => [r.value, r.max]);
check(end[0] === end[1] && Number(end[1]) > 0, `the animator plays the schedule to its last cycle (${end[1]})`);
check(await page.textContent('#widget-lab > .caption, #widget-lab .caption') === phaseBefore, 'keys in the animator leave the phase view alone');

// 6. The next visit restores the matrix.
await page.goto(`${base}#/chapter/glossary-not-a-chapter`);
await page.goto(`${base}#/chapter/lab`);
await page.waitForSelector('.lab-status');
await idle(page);
const restored = await page.textContent('.lab-table caption');
check(restored.includes('8 × 8'), `the last matrix is restored: "${restored.slice(0, 60)}"`);

check(problems.length === 0, `no console problems ${JSON.stringify(problems)}`);
await browser.close();
if (failures.length) { console.error(`${failures.length} lab check(s) failed`); process.exit(1); }

function fileURLToPathSafe(u) { return decodeURIComponent(u.pathname); }
