// Each variant's rules in short and the legend of its boards' signs, as the variant words them
// (GET /api/variants: `rules_summary`, `legend`), open by a tap on a phone.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  launch, openPage, createByApi, api, openGame, screenshot,
} from './helpers.mjs';

const PHONE_390 = { width: 390, height: 844 };

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

test("every variant's rules and legend open by a tap, in the variant's words", { timeout: 90_000 }, async () => {
  const { status, data: variants } = await api('GET', '/api/variants');
  assert.equal(status, 200);
  const explained = variants.filter((v) => v.rules_summary);
  assert.ok(explained.length >= 6, `variants with rules: ${explained.map((v) => v.name)}`);
  for (const variant of explained) {
    const { id, white } = await createByApi({ variant: variant.name });
    const page = await openPage(browser, PHONE_390, { isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
    try {
      await openGame(page, id, white);
      const panel = page.locator('#rules');
      assert.equal(await panel.evaluate((d) => d.open), false, 'closed at first');
      await page.locator('#rules-button').tap();
      await page.waitForFunction(() => document.querySelector('#rules').open);
      const paragraphs = await panel.locator('p').allTextContents();
      assert.deepEqual(paragraphs, variant.rules_summary.split(/\n\s*\n/).map((p) => p.trim()), variant.name);
      const signs = await panel.locator('.rules-legend li').evaluateAll((els) => els.map((e) => [e.dataset.sign, e.querySelector('.rules-meaning').textContent]));
      assert.deepEqual(signs, variant.legend, variant.name);
      const box = await panel.boundingBox();
      assert.ok(box && box.x >= 0 && box.x + box.width <= PHONE_390.width + 0.5, `${variant.name}: the panel fits the width`);
      if (variant.name === 'dmchess' || variant.name === 'qec') {
        await panel.scrollIntoViewIfNeeded();
        await screenshot(page, `${variant.name}-rules-phone`);
      }
      assert.deepEqual(page.errors, [], variant.name);
    } finally {
      await page.context().close();
    }
  }
});
