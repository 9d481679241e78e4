/**
 * Labels that say more than their product (#29.5): a GS1 code, typed in its bracketed human form or sent by a 2D
 * scanner with GS between its fields, adds the product of its GTIN, and the line shows its lot, expiry (an expired one
 * in red, said so) and weight. A weighed-item label read by a rule turned on in Settings → Scanner → Labels (#29.4)
 * adds its product with its weight, and writes weight and price into the order's remarks.
 */
import type { Page } from '@playwright/test';
import { gs1CheckDigit } from '../../shared/gtin';
import { ask } from '../support/ask';
import { counterShop } from './counter';
import { expect, test } from './fixtures';
import { pseudoText } from './pseudo';
import { scan } from './scanner';

const stepTitle = (page: Page) => page.getByRole('heading', { level: 2, name: /^Step \d of 5: / });
const lines = (page: Page) =>
  page.getByRole('table', { name: 'Order lines' }).getByRole('row', { name: /^Line \d+: / });
const GS = '\u001d';

test('a GS1 label adds the product of its GTIN with its lot, expiry and weight; an expired one is red', async ({
  page,
  app,
  service,
}) => {
  test.setTimeout(90_000);
  const { products } = await counterShop(app, service, 'Label Shop');
  const [a, b] = products as [(typeof products)[0], (typeof products)[0]];
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'New order' }).click();
  await page.getByRole('navigation', { name: 'Order steps' }).getByRole('button', { name: /Items/ }).click();
  await expect(stepTitle(page)).toHaveText('Step 3 of 5: Items');

  // the human form, typed into the barcode field: expired on 1 January 2020
  const barcode = page.getByRole('textbox', { name: 'Scan a barcode' });
  await barcode.fill(`(01)0${a.barcode}(17)200101(10)LOT-A(3103)001234`);
  await barcode.press('Enter');
  await expect(lines(page)).toHaveCount(1);
  const lineA = lines(page).nth(0);
  await expect(lineA).toContainText(a.sku);
  await expect(lineA).toContainText('1.234 kg');
  await expect(lineA).toContainText('lot LOT-A');
  const expired = lineA.locator('[data-expired]');
  await expect(expired).toHaveText(/^expired (?:1 Jan 2020|Jan 1, 2020)$/);
  const red = await expired.evaluate((el) => getComputedStyle(el).color);
  const [r, g, bl] = red.match(/\d+/g)!.map(Number) as [number, number, number];
  expect(r).toBeGreaterThan(g + 60);
  expect(r).toBeGreaterThan(bl + 60);

  // what a 2D scanner sends: its identifier, the GTIN, a lot ended by GS, an expiry to come
  await scan(page, `]d201${'0' + b.barcode}10LOT-B${GS}17401231`);
  await expect(lines(page)).toHaveCount(2);
  const lineB = lines(page).nth(1);
  await expect(lineB).toContainText(b.sku);
  await expect(lineB).toContainText('lot LOT-B');
  await expect(lineB).toContainText(/use by (?:31 Dec 2040|Dec 31, 2040)/);
  await expect(lineB.locator('[data-expired]')).toHaveCount(0);
  await expect(barcode).toHaveValue('');
});

test('a weighed-item label (21 PPPPP WWWWW C, turned on in Settings → Scanner) adds its product with the weight shown', async ({
  page,
  app,
  service,
}) => {
  test.setTimeout(90_000);
  // the scale's product is filed as its label with the weight as zeros and the check digit of that (2100123000005), as
  // Odoo's barcode nomenclature files it (the label's own check digit, 3, belongs to its weight, not to the product)
  const id = 7;
  service.store.replaceProduct(id, { ...service.store.product(id)!, bar_code: '2100123000005' });
  await counterShop(app, service, 'Scale Shop');
  const product = (await ask(app.core, 'catalogue:lookup', { code: '2100123000005' })).product!;
  expect(product.id).toBe(id);

  // Settings → Scanner → Labels: the ready-made row turned on, a label tried
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Settings' }).click();
  await page.getByRole('checkbox', { name: 'Read labels 21 PPPPP WWWWW C' }).check();
  await page.getByRole('textbox', { name: 'Try a label' }).fill('2100123012343');
  await expect(page.getByTestId('label-preview')).toHaveText('2100123012343 → product 00123, 1.234 kg');
  await page.getByRole('textbox', { name: 'Try a label' }).fill('2100123012344');
  await expect(page.getByTestId('label-preview')).toHaveText('2100123012344: misread — its check digit is wrong.');
  await expect
    .poll(async () => (await ask(app.core, 'ui:get', {})).labelRules?.find((r) => r.enabled)?.id)
    .toBe('weight-21');

  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'New order' }).click();
  await page.getByRole('navigation', { name: 'Order steps' }).getByRole('button', { name: /Items/ }).click();
  await expect(stepTitle(page)).toHaveText('Step 3 of 5: Items');
  await scan(page, '2100123012343');
  await expect(lines(page)).toHaveCount(1);
  await expect(lines(page).nth(0)).toContainText(product.sku);
  await expect(lines(page).nth(0)).toContainText('1.234 kg');
  await expect(page.getByLabel(`Quantity of ${product.sku}`)).toHaveValue('1');
  // the weight and the price go into the order's remarks (the service takes whole quantities only), worded in the
  // language in use (the pseudo project's: "[SKU: 1.234 ķĝ, …]")
  const remark = `${product.sku}: 1.234 kg`;
  await expect
    .poll(
      async () =>
        (await ask(app.core, 'drafts:list', {})).drafts.find((d) => d.data.lines.length > 0)?.data.fields.remarks,
    )
    .toMatch(test.info().project.name === 'pseudo' ? pseudoText(remark) : remark);
});

test('a rule staff add for another scale (24 PPPP V $$$$$ C) reads its labels into the order, and is removed again', async ({
  page,
  app,
  service,
}) => {
  test.setTimeout(90_000);
  // the scale files product 1234 as its label with the check digit and price as zeros (Odoo's way)
  const body = '241234000000';
  const filed = `${body}${gs1CheckDigit(body)}`;
  const id = 9;
  service.store.replaceProduct(id, { ...service.store.product(id)!, bar_code: filed });
  await counterShop(app, service, 'Deli Shop');
  const product = (await ask(app.core, 'catalogue:lookup', { code: filed })).product!;
  expect(product.id).toBe(id);

  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Settings' }).click();
  const form = page.getByRole('region', { name: 'Add a rule' });
  const add = form.getByRole('button', { name: 'Add rule' });
  await form.getByRole('textbox', { name: 'Starts with' }).fill('24');
  // the ready-made five-digit product and weight make 13 digits with 24: a layout, but not this scale's
  await form.getByRole('combobox', { name: 'Product digits' }).click();
  await page.getByRole('option', { name: '6', exact: true }).click();
  await expect(form.getByTestId('own-rule-layout')).toHaveText('Layout: 24 PPPPPP WWWWW C (14 digits)');
  await expect(
    form.getByText('A label is 13 digits (EAN-13) or 12 (UPC-A), check digit included; this layout has 14.'),
  ).toBeVisible();
  await expect(add).toBeDisabled();
  await form.getByRole('combobox', { name: 'Product digits' }).click();
  await page.getByRole('option', { name: '4', exact: true }).click();
  await form.getByRole('combobox', { name: 'Then' }).click();
  await page.getByRole('option', { name: 'Price', exact: true }).click();
  await form.getByRole('checkbox', { name: 'A price check digit follows the product’s digits' }).check();
  await expect(form.getByTestId('own-rule-layout')).toHaveText('Layout: 24 PPPP V $$$$$ C (13 digits)');
  await add.click();
  await expect(form.getByRole('status')).toHaveText('Rule 24 PPPP V $$$$$ C added and turned on.');
  await expect(page.getByRole('checkbox', { name: 'Read labels 24 PPPP V $$$$$ C' })).toBeChecked();
  await expect
    .poll(async () => (await ask(app.core, 'ui:get', {})).labelRules?.[0])
    .toMatchObject({ id: 'own-1', enabled: true, prefix: '24', productDigits: 4, skipDigits: 1, kind: 'price' });
  const label = `241234500399${gs1CheckDigit('241234500399')}`; // product 1234, price check digit 5, price 3.99
  await page.getByRole('textbox', { name: 'Try a label' }).fill(label);
  await expect(page.getByTestId('label-preview')).toHaveText(`${label} → product 1234, €3.99`);

  // scanned at Items: its product, with the price shown
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'New order' }).click();
  await page.getByRole('navigation', { name: 'Order steps' }).getByRole('button', { name: /Items/ }).click();
  await expect(stepTitle(page)).toHaveText('Step 3 of 5: Items');
  await scan(page, label);
  await expect(lines(page)).toHaveCount(1);
  await expect(lines(page).nth(0)).toContainText(product.sku);

  // removed: the label is no longer read
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Settings' }).click();
  await page.getByRole('button', { name: 'Remove the rule 24 PPPP V $$$$$ C' }).click();
  await expect(page.getByRole('checkbox', { name: 'Read labels 24 PPPP V $$$$$ C' })).toHaveCount(0);
  await expect
    .poll(async () => (await ask(app.core, 'ui:get', {})).labelRules?.some((r) => r.id === 'own-1'))
    .toBe(false);
  await page.getByRole('textbox', { name: 'Try a label' }).fill(label);
  await expect(page.getByTestId('label-preview')).toHaveText(`${label}: no rule that is on reads this code.`);
});
