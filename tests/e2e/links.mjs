// Released links keep opening the same view. `tests/links/released.json`
// lists links that worked in a released build with what each showed: for
// every figure the link names (all figures of a chapter link without
// settings), its step, its number of steps, its caption and its notices,
// and the page's own notices. This opens each link in the build at BASE_URL
// and compares. Usage:
//   node links.mjs BASE_URL            compare (exit 1 on a difference)
//   node links.mjs BASE_URL --record   rewrite the file from this build
//                                      (only to add links, never to hide a change)
//   node links.mjs BASE_URL --add FILE record the links of FILE (one a line)
//                                      and append those not yet in the file
import { readFileSync, writeFileSync } from 'node:fs';
import { launch, watchedPage } from './browser.mjs';

const [base, mode] = process.argv.slice(2);
const file = new URL('../links/released.json', import.meta.url);
if (!base || !base.endsWith('/')) {
  console.error('usage: node links.mjs http://127.0.0.1:PORT/commbook/ [--record]');
  process.exit(2);
}

// What the page shows for `link`, once every figure has finished.
async function observe(page, link) {
  // A page that is not the target, so that waiting for the target's
  // figures cannot see the previous link's.
  await page.evaluate(() => { location.hash = '#/__between_links__'; });
  await page.waitForFunction(() => !document.querySelector('figure.widget') && document.querySelector('.notices'));
  await page.evaluate((l) => { location.hash = l; }, link);
  // Only the figures the link is about must finish (as `named` picks
  // them): a chapter link that sets one figure is not kept waiting for
  // the chapter's slowest.
  const ids = link.startsWith('#/embed/') ? [] : settingIds(link);
  // A link about the whole chapter shows every figure: ask the heavy ones
  // that wait for the reader to compute (a link that names a figure
  // computes it at once, and only it is compared).
  await page.waitForFunction(() => !document.querySelector('.chapter-loading')
    && (document.querySelector('figure.widget') || document.querySelector('.notices')));
  await page.evaluate((ids) => {
    const named = [...document.querySelectorAll('figure.widget')].some((f) => ids.includes(f.id.replace(/^widget-/, '')));
    if (!named) document.querySelectorAll('button.compute-now').forEach((b) => b.click());
  }, ids);
  await page.waitForFunction((ids) => {
    if (document.querySelector('.chapter-loading')) return false;
    const all = [...document.querySelectorAll('figure.widget')];
    const mine = all.filter((f) => ids.includes(f.id.replace(/^widget-/, '')));
    const watched = mine.length ? mine : all;
    const busy = watched.some((f) => f.querySelector('.job') || f.classList.contains('deferred'));
    return !busy && (all.length > 0 || document.querySelector('.notices'));
  }, ids, { timeout: 60000 });
  // Effects (the step from the link, the URL) run after the first paint.
  let last = null;
  for (let i = 0; i < 40; i++) {
    await page.waitForTimeout(i < 2 ? 30 : 60);
    const now = await page.evaluate(read);
    if (last !== null && JSON.stringify(now) === JSON.stringify(last)) return now;
    last = now;
  }
  return last;
}

// Runs in the page.
function read() {
  const text = (el) => (el ? el.textContent.trim().replace(/\s+/g, ' ') : null);
  const figures = [...document.querySelectorAll('figure.widget')].map((f) => {
    const s = f.querySelector('input.scrubber');
    return {
      id: f.id.replace(/^widget-/, ''),
      step: s ? Number(s.value) : null,
      steps: s ? Number(s.max) : null,
      caption: text(f.querySelector('.caption')),
      notices: [...f.querySelectorAll('.notices li')].map(text),
    };
  });
  const notices = [...document.querySelectorAll('.notices')]
    .filter((n) => !n.closest('figure.widget'))
    .flatMap((n) => [...n.querySelectorAll('li')].map(text));
  return { figures, notices };
}

// The figure ids a chapter link's settings name (`lp.n=6` names `lp`).
function settingIds(link) {
  const q = link.split('?')[1] || '';
  return [...new Set(q.split('&').map((p) => p.split('=')[0]).filter((k) => k.includes('.')).map((k) => k.split('.')[0]))];
}

// The figures a link is about: those its settings name, or all.
function named(link, seen) {
  const embed = link.startsWith('#/embed/');
  if (embed) return seen.figures;
  const ids = new Set(settingIds(link));
  const picked = seen.figures.filter((f) => ids.has(f.id));
  return picked.length || ids.size ? picked : seen.figures;
}

const browser = await launch();
let failures = 0;
try {
  const { page, problems } = await watchedPage(browser, base);
  await page.goto(`${base}#/`);
  await page.waitForSelector('.cover');
  if (mode === '--add') {
    const released = JSON.parse(readFileSync(file, 'utf8'));
    const have = new Set(released.map((r) => r.link));
    const links = readFileSync(process.argv[4], 'utf8').split('\n').filter((l) => l && !have.has(l));
    for (const link of links) {
      const seen = await observe(page, link);
      released.push({ link, figures: named(link, seen), notices: seen.notices });
      console.log(`added ${link}: ${JSON.stringify(named(link, seen).map((f) => [f.id, f.step, f.steps, f.notices]))} ${JSON.stringify(seen.notices)}`);
    }
    writeFileSync(file, JSON.stringify(released, null, 1) + '\n');
  } else if (mode === '--record') {
    const links = readFileSync(process.argv[4] || '/dev/stdin', 'utf8').split('\n').filter(Boolean);
    const out = [];
    for (const link of links) {
      const seen = await observe(page, link);
      out.push({ link, figures: named(link, seen), notices: seen.notices });
      process.stdout.write('.');
    }
    writeFileSync(file, JSON.stringify(out, null, 1) + '\n');
    console.log(`\nrecorded ${out.length} links`);
  } else {
    // Two pages, one per core, each taking every other link: the links
    // are independent, and a page's figures compute on its own thread.
    const released = JSON.parse(readFileSync(file, 'utf8'));
    const second = await watchedPage(browser, base);
    await second.page.goto(`${base}#/`);
    await second.page.waitForSelector('.cover');
    const check = async (p, share) => {
      for (const want of share) {
        const seen = await observe(p, want.link);
        const got = { link: want.link, figures: named(want.link, seen), notices: seen.notices };
        const diffs = compare(want, got);
        if (diffs.length) {
          failures++;
          console.log(`FAIL ${want.link}\n  ${diffs.join('\n  ')}`);
        }
      }
    };

    const lanes = [page, second.page];
    await Promise.all(lanes.map((p, k) => check(p, released.filter((_, i) => i % lanes.length === k))));
    problems.push(...second.problems);
    console.log(`${released.length - failures} of ${released.length} released links open the same view`);
  }
  for (const p of problems) { failures++; console.log(`FAIL ${p}`); }
} finally {
  await browser.close();
}
process.exit(failures ? 1 : 0);

function compare(want, got) {
  const d = [];
  const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
  if (!same([...want.notices].sort(), [...got.notices].sort())) d.push(`page notices: ${JSON.stringify(got.notices)}, released ${JSON.stringify(want.notices)}`);
  for (const w of want.figures) {
    const g = got.figures.find((f) => f.id === w.id);
    if (!g) { d.push(`figure ${w.id} is missing`); continue; }
    for (const k of ['step', 'steps', 'caption']) {
      if (!same(w[k], g[k])) d.push(`${w.id}.${k}: ${JSON.stringify(g[k])}, released ${JSON.stringify(w[k])}`);
    }
    if (!sameNotices(w.notices, g.notices)) d.push(`${w.id} notices: ${JSON.stringify(g.notices)}, released ${JSON.stringify(w.notices)}`);
  }
  return d;
}

// A figure's notices are the released ones, word for word, except that a
// choice may have gained options since ("'zzz' is not one of 2, 5, 6, 9;
// using 6" for a released "… one of 2, 5, 6; using 6"): a new option never
// changes what an old link opens.
function sameNotices(want, got) {
  if (want.length !== got.length) return false;
  const choice = /^(.* is not one of )(.*)(; using .*)$/;
  const a = [...want].sort();
  const b = [...got].sort();
  return a.every((w, i) => {
    if (w === b[i]) return true;
    const [mw, mg] = [choice.exec(w), choice.exec(b[i])];
    if (!mw || !mg || mw[1] !== mg[1] || mw[3] !== mg[3]) return false;
    const have = new Set(mg[2].split(', '));
    return mw[2].split(', ').every((o) => have.has(o));
  });
}
