// The account page: a visitor signs up, the header names it, signs out, and signs in again;
// a taken name is refused in words. Screenshots on a desktop and a 390×844 phone.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { URL, DESKTOP, launch, openPage, screenshot, assertNoHorizontalScroll } from './helpers.mjs';

const PHONE_TALL = { width: 390, height: 844 };

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

for (const [size, label] of [[DESKTOP, 'desktop'], [PHONE_TALL, 'phone']]) {
  test(`sign up, out and in on the account page (${label})`, { timeout: 60_000 }, async () => {
    const page = await openPage(browser, size);
    const name = `ann_${label}_${Date.now() % 100000}`;
    try {
      await page.goto(`${URL}/account`);
      await page.locator('#account-name').waitFor();
      assert.equal(await page.locator('#account-link').innerText(), 'Sign in');
      await screenshot(page, `account-${label}`);
      await page.locator('#account-name').fill(name);
      await page.locator('#account-password').fill('a long password');
      await page.locator('#sign-up').click();
      await page.locator('#sign-out').waitFor();
      assert.equal(await page.locator('#account-link').innerText(), name);
      await assertNoHorizontalScroll(page);
      await screenshot(page, `account-signed-in-${label}`);
      await page.locator('#sign-out').click();
      await page.locator('#account-name').waitFor();
      assert.equal(await page.locator('#account-link').innerText(), 'Sign in');
      // The name is taken now.
      await page.locator('#account-name').fill(name.toUpperCase());
      await page.locator('#account-password').fill('another password');
      await page.locator('#sign-up').click();
      await page.locator('#message', { hasText: 'is taken' }).waitFor();
      await page.locator('#account-name').fill(name);
      await page.locator('#account-password').fill('a long password');
      await page.locator('#sign-in').click();
      await page.locator('#sign-out').waitFor();
      const errors = page.errors.filter((e) => !e.includes('409'));
      assert.deepEqual(errors, []);
    } finally {
      await page.context().close();
    }
  });
}
