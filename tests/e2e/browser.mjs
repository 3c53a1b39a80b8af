import { readFileSync } from 'node:fs';

// Launching Debian's Chromium with the flags this machine needs (as root it
// needs --no-sandbox; without the background-networking flags it tries to
// reach Google's servers). No browser is ever downloaded.
import { chromium } from 'playwright-core';

export async function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: [
      '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic',
    ],
  });
}

// A page that records console errors, uncaught exceptions, failed requests
// and any request that leaves the site's origin (in context `ctx` if given).
export async function watchedPage(browser, base, opts = {}, ctx = null) {
  const page = ctx ? await ctx.newPage() : await browser.newPage(opts);
  const problems = [];
  const origin = new URL(base).origin;
  page.on('console', (m) => { if (m.type() === 'error') problems.push(`console error: ${m.text()}`); });
  page.on('pageerror', (e) => problems.push(`uncaught: ${e.message}`));
  // A worker's script whose load the page cut short (a sweep or a film
  // done or cancelled before its worker had started: the worker was
  // stopped) is the book's own choice; any other failed request is a
  // problem.
  page.on('requestfailed', (r) => {
    const aborted = r.failure()?.errorText === 'net::ERR_ABORTED' && /\/commbook-(film-|disk-)?worker(_loader)?\.js$/.test(r.url());
    if (!aborted) problems.push(`request failed: ${r.url()} (${r.failure()?.errorText})`);
  });
  page.on('request', (r) => {
    const u = r.url();
    if (!u.startsWith(origin) && !u.startsWith('data:') && !u.startsWith('blob:')) problems.push(`off-site request: ${u}`);
  });
  page.on('response', (r) => { if (r.status() >= 400) problems.push(`HTTP ${r.status()}: ${r.url()}`); });
  return { page, problems };
}

// Waits until every figure on the page has finished computing; with
// `all`, also those that wait for the reader to come near (a heavy figure
// shows a "Compute it now" button until then).
export async function figuresReady(page, timeout = 30000, all = false) {
  await page.waitForFunction((all) => {
    const figs = document.querySelectorAll('figure.widget');
    return figs.length > 0 && document.querySelectorAll('figure.widget .job').length === 0
      && (!all || !document.querySelector('figure.widget.deferred'));
  }, all, { timeout });
}

// Steps figure `id` (its first player) once with the keyboard, as a
// reader would: focus, Home, then →. Returns whether its caption changed
// within `timeout` ms and, where it took a second try, a note saying why.
// Home's render may land after the key (much later on a busy machine), so
// the caption is read only once the player stands at its first step: a
// figure that opens at its last step (a recomputed table, a chart) read
// too early would compare step 1 with itself. A key that finds focus gone
// (to the page, which sends it to the active figure) is given once more,
// with the focus and the figure's state in the note, so the log shows it.
export async function stepsWithKeyboard(page, id, timeout = 10000) {
  const fig = page.locator(`#${id}`);
  const sel = `#${id} .caption`;
  const changed = (was, ms) => page.waitForFunction(([sel, was]) => document.querySelector(sel)?.textContent !== was,
    [sel, was], { timeout: ms, polling: 50 }).then(() => true, () => false);
  await fig.focus();
  await page.keyboard.press('Home');
  await page.waitForFunction((id) => {
    const s = document.querySelector(`#${id} .scrubber`);
    return s ? s.value === '0' : new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(true))));
  }, id, { timeout, polling: 50 }).catch(() => {});
  const start = await fig.locator('.caption').first().textContent();
  await page.keyboard.press('ArrowRight');
  if (await changed(start, timeout)) return { stepped: true, note: '' };
  const seen = await page.evaluate((id) => {
    const f = document.getElementById(id);
    const a = document.activeElement;
    return {
      focus: a ? `${a.tagName.toLowerCase()}${a.id ? `#${a.id}` : ''}` : 'none',
      scrubber: f?.querySelector('.scrubber')?.value,
      caption: f?.querySelector('.caption')?.textContent.slice(0, 60),
      busy: [...document.querySelectorAll('figure.widget .job')].map((j) => j.closest('figure')?.id),
    };
  }, id);
  await fig.focus();
  await page.keyboard.press('ArrowRight');
  const stepped = await changed(start, 2 * timeout);
  return { stepped, note: `no step within ${timeout / 1000} s, the key again (${JSON.stringify(seen)})` };
}

// Ends a test script: lists the failures and exits 1, or says `passed`.
export function conclude(failures, passed) {
  if (failures.length) {
    console.error(`\n${failures.length} failure(s):\n${failures.join('\n')}`);
    process.exit(1);
  }
  console.log(`\n${passed}`);
}

const axeSource = () => readFileSync(new URL('./node_modules/axe-core/axe.min.js', import.meta.url), 'utf8');

// Runs axe-core 4 (from npm, injected from node_modules; nothing is
// fetched) on the page as it stands; each violation is added to
// `failures` with its rule, impact and first nodes.
export async function axeAudit(page, what, failures) {
  await page.addScriptTag({ content: axeSource() });
  const violations = await page.evaluate(async () => {
    const r = await window.axe.run(document, { resultTypes: ['violations'] });
    return r.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.length,
      first: v.nodes.slice(0, 3).map((n) => n.target.join(' ')),
    }));
  });
  for (const v of violations) {
    failures.push(`${what}: ${v.id} (${v.impact}, ${v.nodes} node(s)): ${v.help}; e.g. ${v.first.join(' | ')}`);
  }
  console.log(`${violations.length ? 'FAIL' : 'ok  '} accessibility, ${what}: ${violations.length} violation(s)`);
}
