import type { Page } from '@playwright/test';
import { startService, type RunningService } from '../../server/index';
import type { ProductRow } from '../../shared/domain';
import { ask } from '../support/ask';
import { postOrder, sampleOrder } from '../support/sample-order';
import { expect, indicator, test, type AppHarness, pressCheckNow } from './fixtures';

/** Two products in stock with distinct barcodes, read from the local catalogue. */
async function products(app: AppHarness): Promise<[ProductRow, ProductRow]> {
  const window = await ask(app.core, 'catalogue:query', { stock: 'in', sort: 'id', offset: 0, limit: 50 });
  const rows = window.rows.filter((r) => r.barcode && r.price && (r.available ?? 0) > 3);
  return [rows[0]!, rows[1]!];
}

const steps = (page: Page) => page.getByRole('navigation', { name: 'Order steps' });
const stepTitle = (page: Page) => page.getByRole('heading', { level: 2, name: /^Step \d of 5: / });

async function openNewOrder(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'New order' }).click();
  await expect(stepTitle(page)).toHaveText('Step 1 of 5: Customer');
}

/** Customer and address by keyboard alone: typing, Tab, Enter to move on. */
async function typeCustomerAndAddress(page: Page, shoot?: (name: string) => Promise<void>): Promise<void> {
  const k = page.keyboard;
  if (await page.getByRole('combobox', { name: 'Find a customer' }).isVisible()) {
    // the step starts with the search over the order book; Enter on it empty is "New customer"
    await expect(page.getByRole('combobox', { name: 'Find a customer' })).toBeFocused();
    await k.press('Enter');
  }
  await expect(page.getByLabel('Customer name')).toBeFocused();
  await k.type('Grace Hopper');
  await k.press('Tab');
  await k.type('grace@example.com');
  await k.press('Tab');
  await k.type('+1 202 555 0100');
  await k.press('Enter');
  await expect(stepTitle(page)).toHaveText('Step 2 of 5: Delivery address');
  await expect(page.getByLabel('Address line 1')).toBeFocused();
  await k.type('1 Navy Yard');
  await k.press('Tab');
  await k.press('Tab');
  await k.type('20374');
  await k.press('Tab');
  await k.type('Washington');
  await k.press('Tab');
  await k.type('DC');
  await k.press('Tab');
  await k.type('united states'); // any case: the list's spelling is taken
  await expect(page.getByRole('combobox', { name: 'Country' })).toHaveValue('United States');
  await shoot?.('41b-wizard-address');
  await k.press('Enter'); // moves on
  await expect(stepTitle(page)).toHaveText('Step 3 of 5: Items');
}

test('keyboard only: customer, address, a scanned barcode twice, a picked product, prices, review, sent once', async ({
  page,
  app,
  service,
}) => {
  test.setTimeout(90_000);
  await app.connect(service, 'synced');
  const [first, second] = await products(app);
  await openNewOrder(page);
  await app.screenshot('40-wizard-customer-empty');

  // Enter on the empty search is "New customer"; Enter on the empty step then shows what is missing, at the fields
  await expect(page.getByRole('combobox', { name: 'Find a customer' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Customer name')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Enter the customer’s name.')).toBeVisible();
  await expect(page.getByLabel('Customer name')).toBeFocused();
  await app.screenshot('41-wizard-customer-errors');

  await typeCustomerAndAddress(page, (name) => app.screenshot(name));
  const k = page.keyboard;

  // a USB scanner types the digits and Enter; the same product again adds one to its quantity
  await expect(page.getByLabel('Scan a barcode')).toBeFocused();
  await k.type(first.barcode);
  await k.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: `Added ${first.sku}` })).toBeVisible();
  await k.type(first.barcode);
  await k.press('Enter');
  await expect(page.getByLabel(`Quantity of ${first.sku}`)).toHaveValue('2');
  await k.type('0000000000000');
  await k.press('Enter');
  await expect(page.getByText('No product with barcode or SKU “0000000000000”')).toBeVisible();
  await k.press('Backspace');

  // the picker: prefix search as you type, arrows, Enter adds
  await k.press('Tab');
  await expect(page.getByRole('combobox', { name: 'Find a product' })).toBeFocused();
  await k.type(second.sku.slice(0, Math.max(3, second.sku.length - 1)));
  await expect(page.getByRole('option').first()).toBeVisible();
  const option = page.getByRole('option').filter({ hasText: second.sku });
  await expect(option).toBeVisible();
  const index = await page
    .getByRole('option')
    .evaluateAll((nodes, sku) => nodes.findIndex((n) => n.textContent?.includes(sku)), second.sku);
  for (let i = 0; i < index; i++) await k.press('ArrowDown');
  await k.press('Enter');
  const lines = page.getByRole('table', { name: 'Order lines' });
  await expect(lines.getByRole('row', { name: /^Line \d: / })).toHaveCount(2);
  await expect(lines.getByRole('row', { name: /^Line 2: / })).toContainText(second.sku);

  // reorder with the keyboard: Alt+↑ on the second line's quantity
  await page.getByLabel(`Quantity of ${second.sku}`).focus();
  await k.press('Alt+ArrowUp');
  await expect(lines.getByRole('row', { name: /^Line 1: / })).toContainText(second.sku);
  await app.screenshot('42-wizard-items');

  // clearing the picker and pressing Enter moves on
  await page.getByRole('combobox', { name: 'Find a product' }).focus();
  await k.press('Escape');
  await k.press('Enter');
  await expect(stepTitle(page)).toHaveText('Step 4 of 5: Prices and dates');
  await expect(page.getByLabel('Shipping cost')).toBeFocused();
  await k.type('4,95');
  await k.press('Tab');
  await k.type('2.1');
  await k.press('Tab');
  await k.type('1');
  const totals = page.getByLabel('Totals', { exact: true });
  const subtotal = (Number(first.price) * 2 + Number(second.price)).toFixed(2);
  const total = (Number(subtotal) + 4.95 + 2.1 - 1).toFixed(2);
  const money = (n: string): string => Number(n).toLocaleString('en-US', { minimumFractionDigits: 2 });
  await expect(totals).toContainText(`Subtotal${money(subtotal)}`);
  await expect(totals).toContainText(`Total${money(total)}`);
  await app.screenshot('43-wizard-prices');
  await k.press('Enter');
  await expect(stepTitle(page)).toHaveText('Step 5 of 5: Review and send');
  await expect(page.getByText('Checked just now: unchanged.')).toHaveCount(2);
  await app.screenshot('44-wizard-review');

  // the step opens with the focus on "Send order", "Put on hold" beside it (#30.1); Discard is last in the tab order;
  // Ctrl+Enter sends from anywhere
  await expect(page.getByRole('button', { name: 'Send order' })).toBeFocused();
  await k.press('Tab');
  await expect(page.getByRole('button', { name: 'Put on hold' })).toBeFocused();
  await k.press('Tab');
  await expect(page.getByRole('button', { name: 'Discard this order…' })).toBeFocused();
  expect(service.stats().orderPosts).toBe(0);
  await page.getByRole('heading', { name: 'Items', exact: true }).click();
  await k.press('Control+Enter');
  await expect(page.getByRole('heading', { name: /^Order PO-/ })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'The service has this order' })).toBeVisible();
  await app.screenshot('45-wizard-sent-order');
  expect(service.stats().orderPosts).toBe(1);

  const list = await ask(app.core, 'outbox:list', {});
  expect(list.entries[0]).toMatchObject({
    state: 'sent',
    order: {
      name: 'Grace Hopper',
      country: 'United States',
      subtotal_price: subtotal,
      shipping_cost: '4.95',
      total_tax: '2.10',
      total_discounts: '1.00',
      total_price: total,
      order_items: [
        { id: second.id, quantity: 1 },
        { id: first.id, quantity: 2 },
      ],
    },
  });
  expect((await ask(app.core, 'drafts:list', {})).drafts).toEqual([]);
});

test('offline: the order waits in the outbox and goes out exactly once when the service is back', async ({
  page,
  app,
  service,
}) => {
  test.setTimeout(90_000);
  await app.connect(service, 'synced');
  const [first] = await products(app);
  await openNewOrder(page);
  await typeCustomerAndAddress(page);
  await page.keyboard.type(first.barcode);
  await page.keyboard.press('Enter');
  await expect(page.getByLabel(`Quantity of ${first.sku}`)).toHaveValue('1');

  const port = service.port;
  await service.close();
  await app.core.dispatch('connection:check', {});
  await expect(indicator(page)).toHaveAccessibleName('Connection: Offline', { timeout: 20_000 });
  await page.getByRole('button', { name: /^Next: Prices/ }).click();
  await page.getByRole('button', { name: /^Next: Review/ }).click();
  await expect(page.getByText('Offline: prices and stock as cached on this computer.')).toBeVisible();
  await page.getByRole('button', { name: 'Send order' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'safe in the outbox' })).toBeVisible();
  await expect(page.getByLabel('1 unsent')).toBeVisible();
  await app.screenshot('46-wizard-queued-offline');

  let again: RunningService | null = null;
  try {
    again = await startService({ token: service.token, products: 321, orders: 40, seed: 11, port });
    await pressCheckNow(page);
    await expect(page.getByRole('heading', { name: /^Order PO-/ })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByLabel('1 unsent')).toHaveCount(0);
    expect(again.stats().orderPosts).toBe(1);
  } finally {
    await again?.close();
  }
});

test('a reload mid-wizard finds the draft; unfinished drafts are offered and can be discarded', async ({
  page,
  app,
  service,
}) => {
  await app.connect(service, 'synced');
  await openNewOrder(page);
  await page.keyboard.press('Enter'); // new customer
  // typed at once, as a fast typist does: the name field has the focus before the next key is handled
  await page.keyboard.type('Katherine Johnson');
  await page.keyboard.press('Tab');
  await page.keyboard.type('kj@example.com');
  await page.keyboard.press('Tab');
  // digits then Enter at a machine's pace are a scan (a stall on a busy computer can split "555 0101" so that
  // "0101⏎" alone came at a scanner's pace): the number is typed at a fast person's pace
  await page.keyboard.type('555 0101', { delay: 60 });
  await page.keyboard.press('Enter');
  await page.keyboard.type('12 Langley Road');
  await expect(page.getByRole('status').filter({ hasText: 'Draft saved on this computer' })).toBeVisible();

  await page.reload();
  await expect(stepTitle(page)).toHaveText('Step 2 of 5: Delivery address');
  await expect(page.getByLabel('Address line 1')).toHaveValue('12 Langley Road');
  await expect(page.getByRole('heading', { name: 'New order for Katherine Johnson' })).toBeVisible();
  // the step list shows the customer step as done, the current one as current
  await expect(steps(page).getByRole('button', { name: /Delivery address/ })).toHaveAttribute('aria-current', 'step');

  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Stock' }).click();
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'New order' }).click();
  const offered = page.getByRole('listitem', { name: 'Unfinished order: Katherine Johnson' });
  await expect(offered).toBeVisible();
  await app.screenshot('47-wizard-drafts-offered');
  await offered.getByRole('button', { name: 'Discard Katherine Johnson' }).click();
  await expect(page.getByRole('dialog', { name: 'Discard this order?' })).toContainText('Katherine Johnson (0 lines)');
  await app.screenshot('47b-wizard-discard-confirm');
  await page.getByRole('dialog').getByRole('button', { name: 'Discard' }).click();
  await expect(offered).toHaveCount(0);
  expect((await ask(app.core, 'drafts:list', {})).drafts).toEqual([]);
});

test('a rejected order (422) shows the service’s message at the field, is corrected and sent; the old entry is discarded', async ({
  page,
  app,
  service,
}) => {
  test.setTimeout(90_000);
  await app.connect(service, 'synced');
  // the service reads day-first; this computer is told month-first, so today's date is refused (unless it reads both ways)
  const set = await app.core.dispatch('settings:date-order', { dateOrder: 'mdy' });
  expect(set.ok).toBe(true);
  const [first] = await products(app);
  await openNewOrder(page);
  await typeCustomerAndAddress(page);
  await page.keyboard.type(first.barcode);
  await page.keyboard.press('Enter');
  // the code is looked up before Next is pressed (a Next while the lookup is under way stays on Items with no line yet)
  await expect(page.getByRole('table', { name: 'Order lines' }).getByRole('row', { name: /^Line 1: / })).toBeVisible();
  await page.getByRole('button', { name: /^Next: Prices/ }).click();
  await page.getByRole('textbox', { name: 'Order date', exact: true }).fill('11/23/2026');
  await page.getByRole('button', { name: /^Next: Review/ }).click();
  await page.getByRole('button', { name: 'Send order' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'The service did not accept this order' })).toBeVisible();
  await app.screenshot('48-wizard-rejected');
  // a rejected order is not sent: the outbox badge counts it
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav.getByLabel('1 unsent')).toBeVisible();
  await page.getByRole('button', { name: 'Correct the order' }).click();
  await expect(stepTitle(page)).toHaveText('Step 4 of 5: Prices and dates');
  // at the field, as the service wrote it and labelled as the service's words
  await expect(page.getByRole('textbox', { name: 'Order date', exact: true })).toHaveAccessibleDescription(
    /The service said: “.*must match the format d\/m\/Y.*”/,
  );
  await app.screenshot('49-wizard-correcting');
  await page.getByRole('textbox', { name: 'Order date', exact: true }).fill('');
  await page.getByRole('button', { name: /^Next: Review/ }).click();
  await page.getByRole('button', { name: 'Send order' }).click();
  await expect(page.getByRole('heading', { name: /^Order PO-/ })).toBeVisible();
  expect(service.stats().orderPosts).toBe(2);
  const list = await ask(app.core, 'outbox:list', {});
  // the rejected entry was discarded (discarded entries are not listed), the corrected one sent
  expect(list.entries.map((e) => e.state)).toEqual(['sent']);
  expect(list.unsent).toBe(0);
  await expect(nav.getByLabel('1 unsent')).toHaveCount(0);
});

/**
 * Holds every lookup of a code in this computer's catalogue until `release()` (a busy machine): the code is read, its
 * line is not there yet.
 */
async function holdLookups(page: Page): Promise<{ release(): void; held(): number }> {
  let open: () => void = () => undefined;
  let gate = new Promise<void>((resolve) => (open = resolve));
  let held = 0;
  await page.route(
    (url) => decodeURIComponent(url.pathname) === '/ipc/catalogue:lookup',
    async (route) => {
      held += 1;
      await gate;
      await route.continue().catch(() => undefined);
    },
  );
  return {
    release() {
      open();
      gate = new Promise<void>((resolve) => (open = resolve));
    },
    held: () => held,
  };
}

test('Next or Ctrl+Enter pressed while a scanned code is looked up waits for its line, then moves on with it; a code that adds nothing keeps Items with the reason', async ({
  page,
  app,
  service,
}) => {
  test.setTimeout(90_000);
  await app.connect(service, 'synced');
  const [first, second] = await products(app);
  await openNewOrder(page);
  await typeCustomerAndAddress(page);
  const lookups = await holdLookups(page);
  const k = page.keyboard;
  const lines = page.getByRole('table', { name: 'Order lines' }).getByRole('row', { name: /^Line \d: / });

  // Next at once: the button says it is waiting, the step stays until the line is in, then moves on with it
  await expect(page.getByLabel('Scan a barcode')).toBeFocused();
  await k.type(first.barcode);
  await k.press('Enter');
  await expect.poll(() => lookups.held()).toBe(1);
  await page.getByRole('button', { name: /^Next: Prices/ }).click();
  const waiting = page.getByRole('button', { name: 'Adding the scanned product…' });
  await expect(waiting).toBeVisible();
  await expect(waiting).toHaveAttribute('aria-busy', 'true');
  await expect(stepTitle(page)).toHaveText('Step 3 of 5: Items');
  await expect(page.getByText('Add at least one product.')).toHaveCount(0);
  lookups.release();
  await expect(stepTitle(page)).toHaveText('Step 4 of 5: Prices and dates');
  await steps(page).getByRole('button', { name: /Items/ }).click();
  await expect(lines).toHaveCount(1);
  await expect(lines.first()).toContainText(first.sku);

  // Ctrl+Enter at once: waits the same way, then the review with both lines
  await page.getByLabel('Scan a barcode').focus();
  await k.type(second.barcode);
  await k.press('Enter');
  await expect.poll(() => lookups.held()).toBe(2);
  await k.press('Control+Enter');
  await expect(waiting).toBeVisible();
  await expect(stepTitle(page)).toHaveText('Step 3 of 5: Items');
  lookups.release();
  await expect(stepTitle(page)).toHaveText('Step 5 of 5: Review and send');
  await expect(page.getByText(second.sku, { exact: true })).toBeVisible();
  await expect(page.getByText(first.sku, { exact: true })).toBeVisible();

  // a code the catalogue does not know: Next waits, then stays on Items with the reason, the barcode field focused
  await steps(page).getByRole('button', { name: /Items/ }).click();
  await page.getByLabel('Scan a barcode').focus();
  await k.type('4000000000006');
  await k.press('Enter');
  await expect.poll(() => lookups.held()).toBe(3);
  await page.getByRole('button', { name: /^Next: Prices/ }).click();
  await expect(waiting).toBeVisible();
  lookups.release();
  await expect(page.getByText(/Not in the catalogue: no product with barcode or SKU/)).toBeVisible();
  await expect(stepTitle(page)).toHaveText('Step 3 of 5: Items');
  await expect(page.getByLabel('Scan a barcode')).toBeFocused();
  await expect(page.getByRole('button', { name: /^Next: Prices/ })).toBeVisible();
  await expect(lines).toHaveCount(2);
});

test('a line whose product the service no longer has: rejected, the message follows the line, removing it lets the order go with exactly one more POST', async ({
  page,
  app,
  service,
}) => {
  test.setTimeout(90_000);
  await app.connect(service, 'synced');
  const [first, second] = await products(app);
  await openNewOrder(page);
  await typeCustomerAndAddress(page);
  const k = page.keyboard;
  await k.type(first.barcode);
  await k.press('Enter');
  await k.type(second.barcode);
  await k.press('Enter');
  const rows = page.getByRole('table', { name: 'Order lines' }).getByRole('row', { name: /^Line \d: / });
  await expect(rows).toHaveCount(2);
  await k.press('Control+Enter');
  await expect(stepTitle(page)).toHaveText('Step 5 of 5: Review and send');
  await expect(page.getByText('Checked just now: unchanged.')).toHaveCount(2);
  // the shop stops selling the second product between the check and the send
  service.store.withdrawProduct(second.id);
  await k.press('Control+Enter');
  await expect(page.getByRole('alert').filter({ hasText: 'The service did not accept this order' })).toBeVisible();
  expect(service.stats().orderPosts).toBe(1);
  await page.getByRole('button', { name: 'Correct the order' }).click();
  // the wizard opens at Items with the service's message on the second line
  await expect(stepTitle(page)).toHaveText('Step 3 of 5: Items');
  await expect(page.getByRole('row', { name: `Line 2: ${second.sku}` })).toContainText(
    /The service said: “.*is invalid.*”/,
  );
  // moved up, the message goes with its line
  await page.getByRole('button', { name: `Move ${second.sku} up` }).click();
  await expect(page.getByRole('row', { name: `Line 1: ${second.sku}` })).toContainText('is invalid');
  await expect(page.getByRole('row', { name: `Line 2: ${first.sku}` })).not.toContainText('is invalid');
  await app.screenshot('49b-wizard-rejected-line');
  // removed, the message is gone, and the order can be sent
  await page.getByRole('button', { name: `Remove ${second.sku}` }).click();
  await expect(rows).toHaveCount(1);
  await expect(page.getByText('is invalid')).toHaveCount(0);
  await k.press('Control+Enter');
  await expect(stepTitle(page)).toHaveText('Step 5 of 5: Review and send');
  await expect(page.getByText('Checked just now: unchanged.')).toHaveCount(1);
  await k.press('Control+Enter');
  await expect(page.getByRole('heading', { name: /^Order PO-/ })).toBeVisible({ timeout: 20_000 });
  expect(service.stats().orderPosts).toBe(2); // exactly one more POST
  const list = await ask(app.core, 'outbox:list', {});
  expect(list.entries.map((e) => e.state)).toEqual(['sent']);
  expect(list.entries[0]!.order.order_items).toEqual([{ id: first.id, quantity: 1 }]);
});

test('Order again opens Items with the same customer and lines, never twice; Ctrl+N keeps one blank order and drops it unused; Add to order adds to it; Add to a new order opens Items with the line', async ({
  page,
  app,
  service,
}) => {
  test.setTimeout(90_000);
  await app.connect(service, 'synced');
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  const latest = (await ask(app.core, 'orders:query', { text: '', sort: 'date', dir: 'desc', offset: 0, limit: 1 }))
    .rows[0]!;
  const order = (await ask(app.core, 'orders:get', { id: latest.id })).order;
  await page.goto(`${new URL(page.url()).origin}${new URL(page.url()).pathname}#/orders/${latest.id}`);
  await page.getByRole('button', { name: 'Order again' }).click();
  await expect(stepTitle(page)).toHaveText('Step 3 of 5: Items');
  await expect(page.getByRole('heading', { name: `New order for ${order.name}` })).toBeVisible();
  const lines = page.getByRole('table', { name: 'Order lines' }).getByRole('row', { name: /^Line \d+: / });
  await expect(lines).toHaveCount(new Set(order.items.map((i) => i.productVariantId)).size);
  await expect.poll(async () => (await ask(app.core, 'drafts:list', {})).drafts.length).toBe(1);
  await page.goBack();
  await page.getByRole('button', { name: 'Order again' }).click();
  await expect(stepTitle(page)).toHaveText('Step 3 of 5: Items');
  expect((await ask(app.core, 'drafts:list', {})).drafts).toHaveLength(1); // the same draft, not a twin

  // Ctrl+N: a new blank order; Ctrl+N again stays on it; leaving it unused keeps nothing
  await page.keyboard.press('Control+n');
  await expect(stepTitle(page)).toHaveText('Step 1 of 5: Customer');
  const blank = page.url();
  await page.keyboard.press('Control+n');
  await expect(stepTitle(page)).toHaveText('Step 1 of 5: Customer');
  expect(page.url()).toBe(blank);
  await nav.getByRole('link', { name: 'Stock' }).click();
  expect((await ask(app.core, 'drafts:list', {})).drafts).toHaveLength(1);

  // Add to order from the product panel: into the order being entered (the Order again one is open again)
  await page.goto(blank.replace(/#.*/, '#/new-order'));
  await page.getByRole('button', { name: `Continue ${order.name}` }).click();
  await expect(stepTitle(page)).toHaveText('Step 3 of 5: Items');
  const before = await lines.count();
  await nav.getByRole('link', { name: 'Stock' }).click();
  await page.getByLabel('Search products').press('ArrowDown');
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: `Add to ${order.name}’s order` }).click();
  await expect(stepTitle(page)).toHaveText('Step 3 of 5: Items');
  await expect(lines).toHaveCount(before + 1);

  // with that order open, the panel offers a new order too: it opens at Items with the product's line (#27.8)
  await nav.getByRole('link', { name: 'Stock' }).click();
  await page.getByLabel('Search products').press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  const panel = page.getByRole('dialog', { name: 'Product' });
  await expect(panel.getByRole('button', { name: `Add to ${order.name}’s order` })).toBeVisible();
  // the panel's own heading is the product's name (after the panel's title)
  const name = (await panel.getByRole('heading', { level: 2 }).last().innerText()).trim();
  const drafts = (await ask(app.core, 'drafts:list', {})).drafts.length;
  await panel.getByRole('button', { name: 'Add to a new order' }).click();
  await expect(stepTitle(page)).toHaveText('Step 3 of 5: Items');
  await expect(lines).toHaveCount(1);
  await expect(lines.first()).toContainText(name);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('New order');
  expect((await ask(app.core, 'drafts:list', {})).drafts).toHaveLength(drafts + 1);
});

test('shipping: Settings → Shop gives new orders a default shipping cost; Order again keeps the original’s; Ctrl+Enter from Items shows shipping and tax beside Send', async ({
  page,
  app,
  service,
}) => {
  test.setTimeout(120_000);
  // an order placed with 4.95 shipping, found in the order book
  const originalId = await postOrder(
    service,
    sampleOrder({ name: 'Mary Jackson', email: 'mary@example.com', shipping_cost: '4.95' }),
  );
  await app.connect(service, 'synced');
  await expect
    .poll(async () => (await ask(app.core, 'orders:get', { id: originalId })).order.shippingCost)
    .toBe('4.95');

  // Settings → Shop: a default shipping cost, checked as an amount
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Settings' }).click();
  const shop = page.getByRole('form', { name: 'Shop' });
  const shipping = shop.getByLabel('Default shipping cost');
  await shipping.fill('6.5.0');
  await expect(shop.getByText('Enter an amount such as 4.95, or leave it empty.')).toBeVisible();
  await expect(shop.getByRole('button', { name: 'Apply shop settings' })).toBeDisabled();
  await shipping.fill('6,5');
  await shop.getByRole('button', { name: 'Apply shop settings' }).click();
  await expect(shop.getByText('Shop settings saved.')).toBeVisible();
  expect((await ask(app.core, 'shop:get', {})).defaultShipping).toBe('6.50');

  // a new order starts with it
  await openNewOrder(page);
  await typeCustomerAndAddress(page);
  const [first] = await products(app);
  await page.keyboard.type(first.barcode);
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: /^Next: Prices/ }).click();
  await expect(page.getByRole('textbox', { name: 'Shipping cost' })).toHaveValue('6.50');
  await page.getByRole('button', { name: /^Next: Review/ }).click();
  await expect(page.getByTestId('review-charges')).toContainText(/Shipping .*6\.50/);
  await page.getByRole('button', { name: 'Send order' }).click();
  await expect(page.getByRole('heading', { name: /^Order PO-/ })).toBeVisible({ timeout: 20_000 });
  expect((await ask(app.core, 'outbox:list', {})).entries[0]!.order.shipping_cost).toBe('6.50');

  // Order again: the original's 4.95, not the default; Ctrl+Enter from Items lands on the review with shipping and
  // tax in view beside "Send order", and only a second Ctrl+Enter sends
  await page.goto(`${new URL(page.url()).origin}${new URL(page.url()).pathname}#/orders/${originalId}`);
  await page.getByRole('button', { name: 'Order again' }).click();
  await expect(stepTitle(page)).toHaveText('Step 3 of 5: Items');
  await page.keyboard.press('Control+Enter');
  await expect(stepTitle(page)).toHaveText('Step 5 of 5: Review and send');
  const charges = page.getByTestId('review-charges');
  await expect(charges).toContainText(/Shipping .*4\.95/);
  await expect(charges).toBeInViewport();
  await expect(page.getByRole('button', { name: 'Send order' })).toBeFocused();
  await page.keyboard.press('Control+Enter');
  await expect(page.getByRole('heading', { name: /^Order PO-/ })).toBeVisible({ timeout: 20_000 });
  const again = (await ask(app.core, 'outbox:list', {})).entries[0]!.order;
  expect(again).toMatchObject({ name: 'Mary Jackson', email: 'mary@example.com', shipping_cost: '4.95' });
  expect(Number(again.total_price)).toBeCloseTo(
    Number(again.subtotal_price) + 4.95 + Number(again.total_tax) - Number(again.total_discounts),
    2,
  );
});
