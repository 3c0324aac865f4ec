// The balance lab in the page: a study created from the form, watched until it is done, its
// figures drawn as SVG with one point a game, one bar a length bin and a cause, the events
// of the rules as a table, its CSV downloadable; a values study's error bars; no console
// errors.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { URL, SCREENSHOTS, launch, openPage, api, screenshot } from './helpers.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

/** Creates a study from the form at /lab; its id once its page opens. */
async function createStudy(page, settings) {
  await page.goto(`${URL}/lab`);
  await page.selectOption('#study-kind', settings.kind);
  await page.selectOption('#study-variant', settings.variant);
  await page.fill('#study-player', settings.player);
  await page.fill('#study-games', String(settings.games));
  await page.fill('#study-seed', String(settings.seed));
  await page.fill('#study-max-turns', String(settings.maxTurns));
  await page.click('#study-create');
  await page.waitForURL(/\/lab\?study=/);
  return new globalThis.URL(page.url()).searchParams.get('study');
}

/** Creates a study from the form at /lab; its id once the page shows it done. */
async function runStudy(page, settings) {
  const id = await createStudy(page, settings);
  await page.locator('#study[data-done="true"]').waitFor({ timeout: 60_000 });
  return id;
}

test('a balance study created, watched and charted in the page', { timeout: 90_000 }, async () => {
  const page = await openPage(browser);
  try {
    const id = await runStudy(page, { kind: 'balance', variant: 'dice', player: 'greedy', games: 6, seed: 3, maxTurns: 80 });
    const { status, data: study } = await api('GET', `/api/studies/${id}`);
    assert.equal(status, 200);
    assert.equal(study.games_done, 6);
    assert.equal(await page.locator('svg.score-chart circle.point').count(), 6, 'one point a game');
    const line = await page.locator('svg.score-chart polyline.score-line').getAttribute('points');
    assert.equal(line.trim().split(/\s+/).length, 6);
    assert.equal(await page.locator('svg.score-chart polygon.band').count(), 1, 'the interval band');
    assert.equal(await page.locator('svg.lengths-chart rect.bar').count(), study.balance.lengths.histogram.length);
    assert.equal(await page.locator('svg.causes-chart g.bar').count(), Object.keys(study.balance.causes).length);
    assert.equal(await page.locator('svg.values-chart').count(), 0, 'a balance study has no values');
    const links = await page.locator('a.csv').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    assert.deepEqual(links.map((l) => l.split('/').pop()), ['score-over-time', 'lengths', 'causes', 'events', 'event-turns', 'games']);
    const events = study.balance.events.map((e) => e.name);
    assert.deepEqual(events, ['forfeit', 'king without rolling'], "Die Chess's events");
    assert.deepEqual(await page.locator('#study-events tbody tr').evaluateAll((rows) => rows.map((r) => r.dataset.event)), events);
    const csv = await page.evaluate((href) => fetch(href).then((r) => r.text()), links[5]);
    const lines = csv.trim().split('\n');
    assert.equal(lines[0], 'game,winner,cause,both_lose,turns,first_decisions');
    assert.equal(lines.length, 7);
    await page.click('text=← All studies');
    await page.locator(`#studies tr[data-study="${id}"]`, { hasText: '6 / 6' }).waitFor();
    assert.deepEqual(page.errors, []);
  } finally {
    await page.context().close();
  }
});

test('a values study shows its values with error bars', { timeout: 90_000 }, async () => {
  const page = await openPage(browser);
  try {
    const id = await runStudy(page, { kind: 'values', variant: 'dice', player: 'greedy', games: 40, seed: 1, maxTurns: 200 });
    const { data: study } = await api('GET', `/api/studies/${id}`);
    assert.ok(study.values, `values fitted: ${study.values_note}`);
    assert.equal(await page.locator('svg.values-chart g.value').count(), study.values.values.length);
    assert.equal(await page.locator('svg.values-chart line.error-bar').count(), study.values.values.length);
    assert.equal(await page.locator('svg.score-chart circle.point').count(), 40);
    await page.locator('[data-figure="values"] a.csv').waitFor();
    // The fit's band and what it left out, as the report says them.
    assert.equal(study.values.band, 1.5);
    assert.ok((await page.locator('[data-figure="values"]').textContent()).includes(
      `fitted where the material leaves the result open (log-odds within ±1.5): ${study.values.samples} positions, ${study.values.outside_band_left_out} left out as decided`));
    await screenshot(page, 'lab');
    await page.screenshot({ path: join(SCREENSHOTS, 'lab-full.png'), fullPage: true });
    assert.deepEqual(page.errors, []);
  } finally {
    await page.context().close();
  }
});

test('a comparison and an SPRT study from the form: the differences and the verdict', { timeout: 120_000 }, async () => {
  const page = await openPage(browser);
  try {
    await page.goto(`${URL}/lab`);
    await page.selectOption('#study-kind', 'compare');
    assert.equal(await page.locator('#study-b-player').isVisible(), false, 'no player B for a comparison');
    await page.selectOption('#study-variant', 'classic');
    await page.fill('#study-player', 'greedy');
    await page.fill('#study-games', '3');
    await page.fill('#study-max-turns', '20');
    await page.fill('#study-b-position', '4k3/8/8/8/8/8/8/4K2R w K - 0 1');
    await page.click('#study-create');
    await page.waitForURL(/\/lab\?study=/);
    await page.locator('#study[data-done="true"]').waitFor({ timeout: 60_000 });
    const rows = await page.locator('#study-comparison tbody tr').allInnerTexts();
    assert.equal(rows.length, 4);
    assert.match(rows[0], /Games\s+3\s+3/);

    await page.goto(`${URL}/lab`);
    await page.selectOption('#study-kind', 'sprt');
    await page.selectOption('#study-variant', 'classic');
    await page.fill('#study-player', 'greedy');
    await page.fill('#study-b-player', 'random');
    await page.fill('#study-elo1', '100');
    await page.fill('#study-games', '60');
    await page.fill('#study-max-turns', '60');
    await page.click('#study-create');
    await page.waitForURL(/\/lab\?study=/);
    await page.locator('#study[data-done="true"]').waitFor({ timeout: 60_000 });
    const id = new globalThis.URL(page.url()).searchParams.get('study');
    const { data: study } = await api('GET', `/api/studies/${id}`);
    assert.equal(study.sprt.verdict, 'H1');
    assert.ok(study.games_done < 60 && study.batches_skipped > 0, 'stopped once decided');
    assert.match(await page.locator('#sprt-verdict').innerText(), /H1 accepted: A is about 100 normalized Elo or more stronger/);
    // The progress says A's score and the ratio against the bounds the test used.
    const progress = await page.locator('#sprt-progress').innerText();
    assert.ok(progress.includes(`A's score ${study.sprt.score.toFixed(3)}`), progress);
    assert.ok(progress.includes(`LLR ${study.sprt.llr.toFixed(2)} (bounds ${study.sprt.llr_lower.toFixed(2)} and ${study.sprt.llr_upper.toFixed(2)})`), progress);
    assert.match(await page.locator('#study-status').innerText(), /^Done: \d+ games \(the test decided/);
    await screenshot(page, 'lab-sprt');
    assert.deepEqual(page.errors, []);
  } finally {
    await page.context().close();
  }
});

test("the study's owner stops and deletes it from the page; another browser sees no buttons", { timeout: 90_000 }, async () => {
  const page = await openPage(browser);
  const other = await openPage(browser);
  try {
    const id = await createStudy(page, { kind: 'balance', variant: 'dice', player: 'engine:depth=2', games: 2000, seed: 5, maxTurns: 200 });
    await page.locator('#study-stop').waitFor();
    await other.goto(`${URL}/lab?study=${id}`);
    await other.locator('#study-status').waitFor();
    assert.equal(await other.locator('#study-stop, #study-delete').count(), 0, 'not the owner');
    await page.click('#study-stop');
    await page.locator('#study[data-done="true"]').waitFor({ timeout: 60_000 });
    const { data: stopped } = await api('GET', `/api/studies/${id}`);
    assert.ok(stopped.batches_skipped > 0 && stopped.games_done < 2000, JSON.stringify(stopped.games_done));
    await screenshot(page, 'lab-owner');
    page.once('dialog', (dialog) => dialog.accept());
    await page.click('#study-delete');
    await page.waitForURL(`${URL}/lab`);
    assert.equal((await api('GET', `/api/studies/${id}`)).status, 404);
    assert.deepEqual(page.errors, []);
  } finally {
    await page.context().close();
    await other.context().close();
  }
});
