// End-to-end test of the release build served from a sub-path: loads the
// cover, every chapter (stepping each figure), an embed view and some bad
// links in headless Chromium, and fails on any console error, uncaught
// exception, failed or off-site request. Every chapter, once its figures
// are computed and stepped, and the cover are also audited by axe-core in
// the light and the dark theme (the reader's toggle; the figures repaint,
// nothing is computed twice); a11y.mjs audits the embeds and the slides.
// Usage: node e2e.mjs BASE_URL
import { launch, watchedPage, figuresReady, conclude, axeAudit, stepsWithKeyboard } from './browser.mjs';

const base = process.argv[2];
if (!base || !base.endsWith('/')) {
  console.error('usage: node e2e.mjs http://127.0.0.1:PORT/commbook/');
  process.exit(2);
}
const failures = [];
// axe-core on the page as it stands, in the light theme and then the dark.
async function auditBothThemes(page, what) {
  await axeAudit(page, `light: ${what}`, failures);
  await setTheme(page, 'dark');
  await axeAudit(page, `dark: ${what}`, failures);
  await setTheme(page, 'light');
}

// The sidebar's theme button, pressed as a reader would; the figures
// repaint on the theme's event before the next frame.
async function setTheme(page, want) {
  await page.evaluate((want) => {
    if (document.documentElement.dataset.theme !== want) document.querySelector('.prefs button').click();
  }, want);
  await page.waitForFunction((want) => document.documentElement.dataset.theme === want, want);
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

const check = (ok, what) => { if (!ok) failures.push(what); console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`); };

const browser = await launch();
try {
  const { page, problems } = await watchedPage(browser, base);
  await page.goto(base);
  await page.waitForSelector('.cover h1');
  check(page.url().startsWith(base), `the cover loads from the sub-path ${base}`);
  await auditBothThemes(page, 'the cover');
  const slugs = await page.$$eval('.cover ol a[href^="#/chapter/"]', (as) => as.map((a) => a.getAttribute('href').slice('#/chapter/'.length)));
  check(slugs.length > 0, `the contents list ${slugs.length} chapter(s)`);

  for (const slug of slugs) {
    const t0 = Date.now();
    await page.goto(`${base}#/chapter/${slug}`);
    await page.waitForSelector('article.chapter h1');
    await figuresReady(page);
    const drawn = Date.now() - t0;
    // The heavy figures further down wait for the reader; ask for them,
    // as a reader pressing their buttons would, and step them too.
    const waiting = await page.$$eval('button.compute-now', (bs) => { bs.forEach((b) => b.click()); return bs.length; });
    await figuresReady(page, 60000, true);
    check(true, `chapter ${slug}: drawn in ${drawn} ms (${waiting} heavy figure(s) waiting for the reader), all computed in ${Date.now() - t0} ms`);
    const figures = await page.$$eval('figure.widget', (fs) => fs.map((f) => f.id));
    for (const id of figures) {
      const fig = page.locator(`#${id}`);
      // A figure without a player has no caption; asking a locator for a
      // missing element's text would wait out Playwright's 30 s timeout.
      // The lab's figure holds two players (the schedule and its film):
      // the keys step the first.
      if (await fig.locator('.caption').count() === 0) continue;
      // The step shows at the figure's next render; a figure whose step
      // starts work elsewhere (a pool's sweep) shows it a little later,
      // later still while the other lane loads the machine.
      const { stepped, note } = await stepsWithKeyboard(page, id);
      if (note) console.log(`note chapter ${slug}: ${id}: ${note}`);
      check(stepped, `chapter ${slug}: ${id} steps with the keyboard`);
    }
    await figuresReady(page, 60000, true);
    await auditBothThemes(page, `chapter ${slug}`);
    const math = await page.$$eval('math', (m) => m.length);
    check(true, `chapter ${slug}: ${figures.length} figure(s), ${math} formula(s)`);
  }

  // A deep link reopens a figure at its step, and survives a reload.
  await page.goto(`${base}#/chapter/permutations?lp.n=6&lp.step=2`);
  await figuresReady(page);
  await page.reload();
  await figuresReady(page);
  const cap = await page.locator('#widget-lp .caption').textContent();
  check(cap.startsWith('Step 2:'), `a deep link restores the step after a reload ("${cap.slice(0, 40)}…")`);

  // Bad links give notices, not errors.
  await page.goto(`${base}#/chapter/permutations?lp.n=banana&lp.step=-4`);
  await figuresReady(page);
  const notes = await page.locator('.notices').allTextContents();
  check(notes.join(' ').includes("'banana' is not a whole number"), 'a bad URL value shows a notice');
  await page.goto(`${base}#/chapter/missing`);
  await page.waitForSelector('.cover');
  check((await page.content()).includes("There is no chapter called 'missing'"), 'an unknown chapter shows a notice and the contents');

  // The embed view, as a course page's iframe would load it.
  await page.goto(`${base}#/embed/lp?n=4&step=1`);
  await figuresReady(page);
  check(await page.locator('.sidebar').count() === 0, 'the embed view shows no contents');
  check((await page.locator('#widget-lp .caption').textContent()).startsWith('Step 1:'), 'the embed view restores its step');

  // The JavaScript API runs in its worker, loaded from the sub-path on first use.
  const before = await page.evaluate(() => performance.getEntriesByType('resource').some((r) => r.name.includes('commbook-worker')));
  check(!before, 'the API worker is not downloaded until the API is called');
  const phases = await page.evaluate(async () => (await window.commbook.schedule({ algo: 'lp', gen: 'fig7', n: 8, d: 2 })).stats.phases);
  check(phases === 7, `window.commbook.schedule works (${phases} phases)`);
  const steps = await page.evaluate(async () => (await window.commbook.redist({ k: 6, p: 9, schedule: 'indirect' })).n_steps);
  check(steps === 4, `window.commbook.redist works (${steps} steps)`);
  const err = await page.evaluate(async () => { try { await window.commbook.com({ gen: 'fig7', n: 4, d: 9 }); return ''; } catch (e) { return e.message; } });
  check(err.startsWith('d must be below n'), `JS API errors are readable ("${err}")`);

  // Phone-sized screen: the contents become a drawer.
  const phone = await watchedPage(browser, base, { viewport: { width: 390, height: 844 } });
  await phone.page.goto(`${base}#/chapter/permutations`);
  await figuresReady(phone.page);
  check(await phone.page.locator('.topbar button').isVisible(), 'on a phone the contents open from a menu button');
  problems.push(...phone.problems);

  for (const p of problems) failures.push(p);
  for (const p of problems) console.log(`FAIL ${p}`);
} catch (e) {
  failures.push(`the test itself failed: ${e.stack || e}`);
} finally {
  await browser.close();
}
conclude(failures, 'end-to-end: all checks passed');
