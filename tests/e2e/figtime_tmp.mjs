import { launch } from './browser.mjs';
const [base, slug] = process.argv.slice(2);
const browser = await launch();
const ctx = await browser.newContext({ serviceWorkers: 'block' });
const page = await ctx.newPage();
const t0 = Date.now();
await page.goto(`${base}#/chapter/${slug}`);
await page.waitForSelector('article.chapter h1');
const done = {};
for (let i = 0; i < 400; i++) {
  const st = await page.evaluate(() => [...document.querySelectorAll('figure.widget')].map((f) => [f.id, !!f.querySelector('.job') || f.classList.contains('deferred'), (f.querySelector('.job')?.textContent || '').slice(0, 60)]));
  for (const [id, busy, txt] of st) if (!busy && !(id in done)) done[id] = Date.now() - t0;
  if (st.length && st.every(([, b]) => !b)) break;
  await page.waitForTimeout(25);
}
console.log(JSON.stringify(done));
await browser.close();
