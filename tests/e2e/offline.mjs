// Offline reading and loading on demand, on the release build served from
// a sub-path, in headless Chromium:
// - after one visit, with the network off, the book reloads, opens a
//   chapter never opened before (its figures drawn by a module never
//   loaded before), searches, and runs the JS API's worker;
// - a new build replaces the saved one: a tab sees "a new version has been
//   saved", the new version's cache takes over and older ones go;
// - a chapter page or a figure module that cannot be fetched is said so,
//   and "Try again" recovers once the network is back.
// Fails on any console error, uncaught exception or unexpected failed
// request. Usage: node offline.mjs BASE_URL SITE_DIR
// (SITE_DIR is the folder BASE_URL serves; a copy of it is made beside it
// to play the part of a new build.)
import { cpSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { launch, watchedPage, figuresReady, stepsWithKeyboard } from './browser.mjs';

const [base, site] = process.argv.slice(2);
if (!base || !base.endsWith('/') || !site) {
  console.error('usage: node offline.mjs http://127.0.0.1:PORT/commbook/ target/site/commbook');
  process.exit(2);
}
const failures = [];
const check = (ok, what) => { if (!ok) failures.push(what); console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`); };

// Waits until the page is controlled by a service worker that has saved
// every file of its build; returns the number of files saved.
async function saved(page) {
  await page.waitForFunction(() => navigator.serviceWorker && navigator.serviceWorker.controller, null, { timeout: 60000 });
  return page.evaluate(async () => {
    const scope = (await navigator.serviceWorker.ready).scope;
    const mine = (await caches.keys()).filter((k) => k.startsWith(`commbook ${scope} `));
    const cache = await caches.open(mine[mine.length - 1]);
    return (await cache.keys()).length;
  });
}

// The names of this scope's caches.
async function cacheNames(page) {
  return page.evaluate(async () => {
    const scope = (await navigator.serviceWorker.ready).scope;
    return (await caches.keys()).filter((k) => k.startsWith(`commbook ${scope} `));
  });
}

const browser = await launch();
const update = join(dirname(site), 'commbook-update');
try {
  // 1. One visit online, then everything offline.
  {
    const ctx = await browser.newContext();
    const { page, problems } = await watchedPage(browser, base, {}, ctx);
    await page.goto(`${base}#/chapter/permutations`);
    await figuresReady(page);
    const files = await saved(page);
    const listed = JSON.parse(/const FILES = (\[.*\]);/.exec(readFileSync(join(site, 'sw.js'), 'utf8'))[1]).length;
    check(files === listed, `the first visit saves every file of the build (${files} of ${listed})`);
    await ctx.setOffline(true);
    await page.reload();
    await page.waitForSelector('article.chapter h1');
    await figuresReady(page);
    check((await page.locator('article.chapter h1').textContent()).includes('Permutations'), 'offline, the book reloads at its link');
    await page.evaluate(() => { location.hash = '#/chapter/simulation'; });
    await page.waitForSelector('#widget-netsim');
    await figuresReady(page, 60000);
    check((await stepsWithKeyboard(page, 'widget-netsim')).stepped, 'offline, a chapter never opened shows its figures (from a module never loaded) and they step');
    await page.fill('#search-box', 'permutation');
    await page.waitForSelector('#search-results li');
    check(await page.locator('#search-results li').count() > 0, 'offline, search finds words in every chapter');
    await page.keyboard.press('Escape');
    const phases = await page.evaluate(async () => (await window.commbook.schedule({ algo: 'cgm', gen: 'fig7', n: 8, d: 2 })).stats.phases);
    check(phases > 0, `offline, the JS API's worker runs (${phases} phases)`);
    await ctx.setOffline(false);
    for (const p of problems) failures.push(`offline visit: ${p}`);
    await ctx.close();
  }

  // 2. A new build replaces the saved one (a copy of the site under another
  // path plays both builds: its sw.js is rewritten as a new build's is).
  {
    rmSync(update, { recursive: true, force: true });
    cpSync(site, update, { recursive: true });
    const url = base.replace(/\/[^/]+\/$/, '/commbook-update/');
    // The copy lives at another path: its addresses must say so.
    const from = new URL(base).pathname;
    const html = join(update, 'index.html');
    const to = new URL(url).pathname;
    writeFileSync(html, readFileSync(html, 'utf8').split(from).join(to));
    const sw = join(update, 'sw.js');
    let stamp = Date.now() / 1000;
    const rebuild = (tag) => {
      writeFileSync(sw, readFileSync(sw, 'utf8').replace(/const VERSION = "([^"]*)"/, (_, v) => `const VERSION = "${v}${tag}"`));
      // A real build comes seconds later; the test's within the same second
      // would look unchanged to the server's If-Modified-Since.
      stamp += 10;
      utimesSync(sw, stamp, stamp);
      utimesSync(html, stamp, stamp);
    };
    const ctx = await browser.newContext();
    const { page, problems } = await watchedPage(browser, url, {}, ctx);
    await page.goto(`${url}#/`);
    await saved(page);
    const first = await cacheNames(page);
    check(first.length === 1, `one saved version at first (${first.length})`);
    // Each new build: the open tab is offered the new version, and taking
    // it reloads the page from the new version's copy.
    const takeNew = async (tag) => {
      rebuild(tag);
      writeFileSync(html, readFileSync(html, 'utf8').replace('</head>', `<meta name="test-build" content="${tag}"></head>`));
      await page.reload();
      await page.waitForSelector('#book-updated', { timeout: 60000 });
      const said = await page.locator('#book-updated').textContent();
      await page.locator('#book-updated button').click();
      await page.waitForFunction((t) => [...document.querySelectorAll('meta[name=test-build]')].some((m) => m.content === t), tag, { timeout: 60000 });
      await page.waitForSelector('.cover');
      return said;
    };
    const said = await takeNew('b');
    check(said.includes('A new version of the book is ready'), 'an open tab is offered the new build');
    let names = await cacheNames(page);
    check(names.length === 2 && names[1].endsWith('b') && names[0] === first[0], `taking it reloads from the new version's copy; the one it replaced is kept (${names.length})`);
    await takeNew('c');
    for (let i = 0; i < 300; i++) {
      names = await cacheNames(page);
      if (!names.includes(first[0])) break;
      await page.waitForTimeout(100);
    }
    check(names.length === 2 && !names.includes(first[0]) && names[1].endsWith('bc'), `a third build leaves two versions, the oldest deleted (${names.map((n) => n.slice(-4)).join(', ')})`);
    for (const p of problems) failures.push(`update: ${p}`);
    await ctx.close();
  }

  // 3. What cannot be fetched is said so, and "Try again" recovers. No
  // service worker here: the requests go to the network, which fails them.
  {
    const ctx = await browser.newContext({ serviceWorkers: 'block' });
    const { page, problems } = await watchedPage(browser, base, {}, ctx);
    const blocked = [];
    const block = (r) => { blocked.push(r.request().url()); return r.abort(); };
    await page.route('**/pages/compaction.*.html', block);
    await page.goto(`${base}#/chapter/compaction`);
    await page.waitForSelector('[role=alert]');
    const said = await page.locator('[role=alert]').textContent();
    check(said.includes('This chapter could not be loaded') && said.includes('network'), `a chapter that cannot be fetched is said so ("${said.slice(0, 80)}…")`);
    await page.unroute('**/pages/compaction.*.html');
    await page.locator('[role=alert] button').click();
    await page.waitForSelector('#widget-ccom');
    await figuresReady(page);
    check((await stepsWithKeyboard(page, 'widget-ccom')).stepped, '"Try again" loads the chapter once the network is back');

    await page.route('**/commbook-redist-*.js', block);
    await page.goto(`${base}#/chapter/redistribution`);
    await page.waitForSelector('#widget-tables [role=alert]');
    const fig = await page.locator('#widget-tables [role=alert]').textContent();
    check(fig.includes('This figure could not be shown'), `a figure whose module cannot be fetched is said so ("${fig.slice(0, 80)}…")`);
    check(await page.locator('article.chapter h2').count() > 0, 'the chapter\'s text is there all the same');
    await page.unroute('**/commbook-redist-*.js');
    await page.locator('#widget-tables [role=alert] button').click();
    await page.waitForSelector('#widget-tables .caption');
    await figuresReady(page);
    check((await stepsWithKeyboard(page, 'widget-tables')).stepped, '"Try again" loads the module and the figure steps');
    // The requests this test aborted, and only those, failed.
    const unexpected = problems.filter((p) => !blocked.some((u) => p.includes(u)) && !p.includes('net::ERR_FAILED'));
    for (const p of unexpected) failures.push(`failures: ${p}`);
    check(blocked.length >= 2, `${blocked.length} requests were refused on purpose`);
    await ctx.close();
  }
} catch (e) {
  failures.push(`the test itself failed: ${e.stack || e}`);
} finally {
  await browser.close();
  rmSync(update, { recursive: true, force: true });
}
if (failures.length) {
  console.error(`\n${failures.length} failure(s):\n${failures.join('\n')}`);
  process.exit(1);
}
console.log('\noffline and loading: all checks passed');
