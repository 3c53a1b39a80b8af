// Accessibility: axe-core 4 (from npm, injected from node_modules; nothing
// is fetched) on embed views and presenter mode, opened in the light and
// the dark colour scheme of the system. The cover and every chapter (every
// figure computed and stepped once) are audited in both themes by e2e.mjs,
// which computes them anyway. Any violation fails the test, listed with
// its rule, impact and the first nodes. Usage: node a11y.mjs BASE_URL
import { launch, watchedPage, figuresReady, conclude, axeAudit } from './browser.mjs';

const base = process.argv[2];
if (!base || !base.endsWith('/')) {
  console.error('usage: node a11y.mjs http://127.0.0.1:PORT/commbook/');
  process.exit(2);
}
const failures = [];
const audit = (page, what) => axeAudit(page, what, failures);

const browser = await launch();
try {
  // The two colour schemes in two pages at once, one per core.
  await Promise.all(['light', 'dark'].map(async (scheme) => {
    const { page, problems } = await watchedPage(browser, base, { colorScheme: scheme });
    await page.goto(base);
    await page.waitForSelector('.cover h1');
    await audit(page, `${scheme} (the system's scheme): the cover`);
    for (const link of ['netsim?net=hypercube&rows=4&cols=8&pattern=perm&step=120', 'netsim?net=kary&arity=2&levels=4&pattern=perm&step=120', 'reproduce?paper=001', 'exercises?chapter=cgm', 'exercises_sim']) {
      await page.goto(`${base}#/embed/${link}`);
      await figuresReady(page);
      await audit(page, `${scheme}: the embed view #/embed/${link}`);
    }
    await page.goto(`${base}#/present/permutations`);
    await page.waitForSelector('.slides, .slide, main');
    await page.waitForTimeout(300);
    await audit(page, `${scheme}: presenter mode, first slide`);
    await page.keyboard.press('ArrowRight');
    await page.waitForTimeout(300);
    await audit(page, `${scheme}: presenter mode, second slide`);
    for (const p of problems) failures.push(`${scheme}: ${p}`);
    await page.close();
  }));
} catch (e) {
  failures.push(`the test itself failed: ${e.stack || e}`);
} finally {
  await browser.close();
}
conclude(failures, 'accessibility: no violations');
