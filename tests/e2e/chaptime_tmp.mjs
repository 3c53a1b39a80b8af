import { launch, figuresReady } from './browser.mjs';
const base = process.argv[2];
const slugs = process.argv.slice(3);
const browser = await launch();
for (const slug of slugs) {
  const times = [];
  for (let k = 0; k < 3; k++) {
    const ctx = await browser.newContext({ serviceWorkers: 'block' });
    const page = await ctx.newPage();
    const t0 = Date.now();
    await page.goto(`${base}#/chapter/${slug}`);
    await page.waitForSelector('article.chapter h1');
    await figuresReady(page);
    times.push(Date.now() - t0);
    await ctx.close();
  }
  console.log(slug, times.join(' '));
}
await browser.close();
