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
