/**
 * Read at a glance (#14): scanning on Stock, lists that fit a small laptop, saved views that survive a restart, and
 * records the service sent that could not be read, counted and listed.
 */
import type { Page } from '@playwright/test';
import { ask } from '../support/ask';
import { sampleOrder } from '../support/sample-order';
import { expect, test } from './fixtures';

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });
const panel = (page: Page) => page.getByRole('dialog', { name: 'Product' });

test('Stock: scans in a row, one with the panel open, each shows its product; an unknown code says so once', async ({
  page,
  app,
  service,
}) => {
  test.setTimeout(90_000); // five lookups and a misread on a busy machine: 55-60 s under load 19
  await app.connect(service, 'synced');
  await nav(page).getByRole('link', { name: 'Stock' }).click();
  const search = page.getByLabel('Search products');
  await expect(page.getByTestId('stock-count')).toHaveText('321 of 321 products');
  const [a, b, c] = [7, 42, 99].map(
    (id) => service.store.product(id) as unknown as { name: string; bar_code: string },
  ) as [{ name: string; bar_code: string }, { name: string; bar_code: string }, { name: string; bar_code: string }];

  // a scan into the search box opens the product and leaves the box empty for the next one
  await search.focus();
  await page.keyboard.type(a.bar_code, { delay: 5 });
  await page.keyboard.press('Enter');
  await expect(panel(page).getByRole('heading', { name: a.name })).toBeVisible();
  await expect(search).toHaveValue('');

  // a scan while the panel is open: the panel swaps to the new product
  await page.keyboard.type(b.bar_code, { delay: 5 });
  await page.keyboard.press('Enter');
  await expect(panel(page).getByRole('heading', { name: b.name })).toBeVisible();
  await app.screenshot('60-stock-scan-panel-open');

  // closed again: the next scan starts fresh (not appended to the last code)
  await page.keyboard.press('Escape');
  await expect(panel(page)).toHaveCount(0);
  await expect(search).toBeFocused();
  await page.keyboard.type(c.bar_code, { delay: 5 });
  await page.keyboard.press('Enter');
  await expect(panel(page).getByRole('heading', { name: c.name })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(panel(page)).toHaveCount(0);

  // an unknown code: one message, not a second "no match" under it
  await page.keyboard.type('4000000000006', { delay: 5 });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert')).toHaveText(
    /Not in the catalogue: no product with barcode or SKU “4000000000006”/,
  );
  await expect(page.getByText(/No products match/)).toHaveCount(0);

  // a code whose check digit is wrong was misread (#29.3): scan it again, it is not "not in the catalogue"
  await page.getByRole('alert').getByRole('button', { name: 'Dismiss' }).click();
  await search.fill('');
  await page.keyboard.type('4000000000000', { delay: 5 });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert')).toHaveText(/Misread — scan again: “4000000000000” fails its check digit/);
  await expect(page.getByText(/Not in the catalogue/)).toHaveCount(0);
  await expect(page.getByText(/No products match/)).toHaveCount(0);
});

/** Order rows wholly on the screen (below the grid's header, above the window's bottom edge). */
const rowsInView = (page: Page) =>
  page.evaluate(() => {
    const grid = document.querySelector<HTMLElement>('[role="grid"]')!;
    const head = grid.querySelector<HTMLElement>('[role="row"][aria-rowindex="1"]')!.getBoundingClientRect();
    return [...grid.querySelectorAll<HTMLElement>('[role="row"]:not([aria-rowindex="1"])')].filter((row) => {
      const box = row.getBoundingClientRect();
      return box.height > 0 && box.top >= head.bottom - 1 && box.bottom <= window.innerHeight;
    }).length;
  });

test('1024×700: 12 orders in view with the tools folded, no sideways scroll, Total on screen; unfolding, the sidebar and the summary are remembered', async ({
  page,
  app,
  service,
}) => {
  await page.setViewportSize({ width: 1024, height: 700 });
  await app.connect(service, 'synced');
  await nav(page).getByRole('link', { name: 'Orders' }).click();
  const grid = page.getByRole('grid', { name: 'Orders' });
  await expect(page.getByTestId('orders-count')).toHaveText('40 of 40 orders');

  const fits = async () =>
    page.evaluate(() => {
      const doc = document.scrollingElement!;
      const grid = document.querySelector<HTMLElement>('[role="grid"]')!;
      return { page: doc.scrollWidth <= doc.clientWidth, grid: grid.scrollWidth <= grid.clientWidth };
    });
  expect(await fits()).toEqual({ page: true, grid: true });
  const total = grid.getByRole('columnheader', { name: /Total/ });
  const box = (await total.boundingBox())!;
  expect(box.x).toBeGreaterThan(0);
  expect(box.x + box.width).toBeLessThanOrEqual(1024);
  for (const name of [/PO number/, /Customer/, /Status/])
    await expect(grid.getByRole('columnheader', { name })).toBeVisible();
  // the first row's total is on screen too
  const firstTotal = grid.getByRole('row').nth(1).getByRole('gridcell').last();
  const cell = (await firstTotal.boundingBox())!;
  expect(cell.x + cell.width).toBeLessThanOrEqual(1024);
  expect(cell.y + cell.height).toBeLessThanOrEqual(700);
  await app.screenshot('61-orders-1024');

  // a short window: the summary, saved views and filters are folded away, a dozen orders show (#27.7)
  const tools = page.getByRole('button', { name: 'Summary and filters' });
  await expect(tools).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByLabel('Order summary')).toHaveCount(0);
  expect(await rowsInView(page)).toBeGreaterThanOrEqual(12);

  // unfolded by staff: the summary and filters are back, and stay so after a reload
  await tools.click();
  await expect(tools).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByLabel('Order summary')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'From', exact: true })).toBeVisible();
  expect(await fits()).toEqual({ page: true, grid: true });

  // fold the sidebar and the summary: more room, and remembered after a reload
  await page.getByRole('button', { name: 'Collapse the sidebar' }).click();
  await page.getByRole('button', { name: 'Hide the summary' }).click();
  expect(await fits()).toEqual({ page: true, grid: true });
  await page.reload();
  await expect(page.getByRole('button', { name: 'Expand the sidebar' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Show the summary' })).toBeVisible();
  await expect(tools).toHaveAttribute('aria-expanded', 'true');
  await expect(nav(page).getByRole('link', { name: 'Orders' })).toBeVisible();
  await app.screenshot('62-orders-1024-folded');

  // folded again by staff: remembered too
  await tools.click();
  await expect(page.getByLabel('Order summary')).toHaveCount(0);
  await page.reload();
  await expect(tools).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByTestId('orders-count')).toHaveText('40 of 40 orders');
  expect(await rowsInView(page)).toBeGreaterThanOrEqual(12);

  await nav(page).getByRole('link', { name: 'Stock' }).click();
  await expect(page.getByTestId('stock-count')).toHaveText('321 of 321 products');
  expect(await fits()).toEqual({ page: true, grid: true });
});

test('a saved view survives a restart; presets, Clear filters and a reversed range', async ({ page, app, service }) => {
  await app.connect(service, 'synced');
  await nav(page).getByRole('link', { name: 'Orders' }).click();
  const count = page.getByTestId('orders-count');
  await expect(count).toHaveText('40 of 40 orders');
  const from = page.getByRole('textbox', { name: 'From', exact: true });
  const to = page.getByRole('textbox', { name: 'To', exact: true });

  // a reversed range is put right and said (typed as ISO; shown as the locale writes a day, en-US here)
  await from.fill('2030-01-31');
  await to.fill('2030-01-01');
  await to.press('Tab');
  await expect(page.getByTestId('range-swapped')).toBeVisible();
  await expect(from).toHaveValue('01/01/2030');
  await expect(to).toHaveValue('01/31/2030');
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(count).toHaveText('40 of 40 orders');
  await expect(from).toHaveValue('');

  // typed key by key as the locale writes it: a two-digit year is taken on Tab; a day that is not one says why
  await from.pressSequentially('1/2/30');
  await from.press('Tab');
  await expect(from).toHaveValue('01/02/2030');
  await expect(count).not.toHaveText('40 of 40 orders');
  await to.pressSequentially('2/30/2030');
  await to.press('Tab');
  await expect(page.getByText('February 2030 has 28 days.')).toBeVisible();
  await expect(to).toHaveValue('2/30/2030');
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(count).toHaveText('40 of 40 orders');
  await expect(to).toHaveValue('');

  // a preset
  await page.getByRole('combobox', { name: 'Dates' }).click();
  await page.getByRole('option', { name: 'This month' }).click();
  await expect(to).not.toHaveValue('');
  await page.getByRole('button', { name: 'Clear filters' }).click();

  // name the current list: status on hold (the app's word for it), sorted by total
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: /^On hold \(/ }).click();
  await page.getByRole('button', { name: 'Sort by Total' }).click();
  const onHold = (await count.textContent())!;
  expect(onHold).not.toBe('40 of 40 orders');
  await page.getByRole('button', { name: 'Save view…' }).click();
  await page.getByLabel('Name of the view').fill('On hold, big first');
  await page.getByRole('button', { name: 'Save view', exact: true }).click();
  await expect(page.getByRole('button', { name: 'On hold, big first', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  // the view shows at once; its save reaches the core a moment later (saves go one at a time, the newest last: a
  // restart in between, as here under load once, would find the one before it)
  await expect
    .poll(async () => (await ask(app.core, 'ui:get', {})).orderViews?.map((v) => v.name))
    .toContain('On hold, big first');

  await app.restart();
  await nav(page).getByRole('link', { name: 'Orders' }).click();
  await expect(count).toHaveText('40 of 40 orders');
  const view = page
    .getByRole('toolbar', { name: 'Saved views' })
    .getByRole('button', { name: 'On hold, big first', exact: true });
  await view.click();
  await expect(count).toHaveText(onHold);
  await expect(page.getByRole('columnheader', { name: /Total/ })).toHaveAttribute('aria-sort', 'descending');
  await app.screenshot('63-orders-saved-view');

  // ready-made: Needs attention lists on-hold orders among others
  await page.getByRole('button', { name: 'Needs attention', exact: true }).click();
  await expect(count).not.toHaveText('40 of 40 orders');
});

test('a record the service sends that cannot be read is counted on Orders and listed in the details', async ({
  page,
  app,
  service,
  t,
}) => {
  const good = JSON.parse(service.store.orderJson(3)!) as Record<string, unknown>;
  service.faults.add({
    method: 'GET',
    path: '/api/order',
    fault: {
      kind: 'status',
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({ data: [{ ...good, id: 'abc' }, good, ['not', 'an', 'order']] }),
    },
  });
  await app.connect(service);
  await nav(page).getByRole('link', { name: 'Orders' }).click();
  await expect(page.getByTestId('orders-count')).toHaveText(t('list.count', { shown: 1, total: 1, what: 'orders' }));
  const notice = page.getByTestId('orders-skipped');
  await expect(notice).toHaveText(/2 order records from the service could not be read/);
  await notice.getByRole('button', { name: 'Details' }).click();
  const table = page.getByRole('table', { name: 'Skipped records' });
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(table).toContainText('abc');
  await expect(table).toContainText('no usable id');
  await expect(table).toContainText('not a record');
  await app.screenshot('64-orders-skipped-details');
});

/**
 * What is cut off in the sidebar and a list screen's head: a label, button, link, heading or tab whose text is wider
 * than its box (or than a box around it that hides what overflows), a placeholder wider than its field, and the
 * Orders list's "Just sent" mark.
 */
const cutOff = (page: Page) =>
  page.evaluate(() => {
    const found: string[] = [];
    const canvas = document.createElement('canvas').getContext('2d')!;
    const visible = (el: Element) => (el as HTMLElement).checkVisibility?.() && el.getClientRects().length > 0;
    const name = (el: Element) => `${el.tagName.toLowerCase()} “${(el as HTMLElement).innerText?.trim() || ''}”`;
    const scopes = [...document.querySelectorAll('nav[aria-label], [data-list-head]')];
    for (const scope of scopes)
      for (const el of scope.querySelectorAll<HTMLElement>(
        'a, button, label, h1, [role=tab], p, span, .mantine-Button-label, .mantine-NavLink-label',
      )) {
        if (!visible(el) || !el.innerText?.trim()) continue;
        if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== 'visible') found.push(name(el));
      }
    for (const scope of scopes)
      for (const input of scope.querySelectorAll<HTMLInputElement>('input[placeholder]')) {
        if (!visible(input) || input.value) continue;
        const style = getComputedStyle(input);
        canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        if (canvas.measureText(input.placeholder).width > room + 1) found.push(`placeholder “${input.placeholder}”`);
      }
    for (const mark of document.querySelectorAll<HTMLElement>('.just-sent')) {
      const cell = mark.closest<HTMLElement>('[role=gridcell]')!;
      if (
        cell.scrollWidth > cell.clientWidth + 1 ||
        mark.getBoundingClientRect().right > cell.getBoundingClientRect().right
      )
        found.push(`just sent “${mark.innerText}”`);
    }
    return found;
  });

test('no label cut off in the sidebar, the Orders and the Stock heads, in any of the five languages, at 1024×700 and 1366×768; “Just sent” whole', async ({
  page,
  app,
  service,
}) => {
  test.setTimeout(180_000);
  await app.connect(service, 'synced');
  // one order sent from here (its PO shows "Just sent") and one refused, so the Outbox link carries its count
  expect((await app.core.dispatch('outbox:submit', { draftId: 'e2e-cut-sent', order: sampleOrder() })).ok).toBe(true);
  await expect.poll(async () => (await ask(app.core, 'outbox:list', {})).entries[0]?.state).toBe('sent');
  service.faults.add({
    fault: {
      kind: 'status',
      status: 422,
      body: JSON.stringify({ message: 'The given data was invalid.', errors: {} }),
    },
    method: 'POST',
    path: '/api/order',
  });
  expect((await app.core.dispatch('outbox:submit', { draftId: 'e2e-cut-refused', order: sampleOrder() })).ok).toBe(
    true,
  );
  await expect
    .poll(async () => (await ask(app.core, 'outbox:list', {})).entries.map((e) => e.state).sort())
    .toEqual(['rejected', 'sent']);
  service.faults.clear();

  const problems: string[] = [];
  let marks = 0;
  for (const language of ['en', 'de', 'fr', 'es', 'nl'] as const) {
    expect((await app.core.dispatch('ui:set', { language })).ok).toBe(true);
    // "Just sent" lasts until a refresh of the order book lists the order: one more sent for each language
    const draftId = `e2e-cut-${language}`;
    expect((await app.core.dispatch('outbox:submit', { draftId, order: sampleOrder() })).ok).toBe(true);
    await expect
      .poll(async () => (await ask(app.core, 'outbox:list', {})).entries.find((e) => e.draftId === draftId)?.state)
      .toBe('sent');
    for (const size of [
      { width: 1024, height: 700 },
      { width: 1366, height: 768 },
    ]) {
      await page.setViewportSize(size);
      // Orders as it opens on these short windows (its tools folded) and unfolded
      for (const [screen, unfolded] of [
        ['orders', false],
        ['orders', true],
        ['stock', false],
      ] as const) {
        expect((await app.core.dispatch('ui:set', { ordersToolsUnfolded: unfolded })).ok).toBe(true);
        await page.goto(`${new URL(page.url()).origin}/#/${screen}`);
        await page.reload();
        await expect(page.locator('html')).toHaveAttribute('lang', new RegExp(`^${language}`));
        await expect(page.getByTestId(`${screen}-count`)).toHaveText(/\d/);
        await expect(page.locator('[role=grid] [role=row]').nth(2)).toBeVisible();
        if (screen === 'orders') marks += await page.locator('.just-sent').count();
        const where = `${language} ${size.width} ${screen}${unfolded ? ' unfolded' : ''}`;
        for (const cut of await cutOff(page)) problems.push(`${where}: ${cut}`);
      }
    }
  }
  expect(problems, problems.join('\n')).toEqual([]);
  // the marks were there to be checked (a refresh may have confirmed some orders meanwhile, not most of them)
  expect(marks).toBeGreaterThanOrEqual(10);
});

test('Escape empties the Orders, Stock and customer searches; closing the product panel gives the focus back to what opened it', async ({
  page,
  app,
  service,
}) => {
  test.setTimeout(90_000);
  await app.connect(service, 'synced');
  // Orders: the search has the keys on arrival
  await nav(page).getByRole('link', { name: 'Orders' }).click();
  const orders = page.getByLabel('Search orders');
  await expect(page.getByTestId('orders-count')).toHaveText('40 of 40 orders');
  await expect(orders).toBeFocused();
  await page.keyboard.type('zzzz');
  await expect(page.getByTestId('orders-count')).toHaveText(/^0 of 40 orders/);
  await page.keyboard.press('Escape');
  await expect(orders).toHaveValue('');
  await expect(page.getByTestId('orders-count')).toHaveText('40 of 40 orders');

  // Stock: the same
  await nav(page).getByRole('link', { name: 'Stock' }).click();
  const search = page.getByLabel('Search products');
  await expect(page.getByTestId('stock-count')).toHaveText('321 of 321 products');
  await search.fill('bamboo');
  await expect(page.getByTestId('stock-count')).not.toHaveText('321 of 321 products');
  await search.press('Escape');
  await expect(search).toHaveValue('');
  await expect(page.getByTestId('stock-count')).toHaveText('321 of 321 products');

  // a product opened from the list with the keys: closed with Escape, the list has the focus again
  const grid = page.getByRole('grid', { name: 'Products' });
  await search.press('ArrowDown');
  await expect(grid).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(panel(page)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(panel(page)).toHaveCount(0);
  await expect(grid).toBeFocused();
  // opened with a double click, closed with its button: the same
  await grid.getByRole('row').nth(3).dblclick();
  await expect(panel(page)).toBeVisible();
  await panel(page).getByRole('button', { name: 'Close the product' }).click();
  await expect(panel(page)).toHaveCount(0);
  await expect(grid).toBeFocused();

  // the customer search of a new order
  await nav(page).getByRole('link', { name: 'New order' }).click();
  const customer = page.getByRole('combobox', { name: 'Find a customer' });
  await expect(customer).toBeFocused();
  await page.keyboard.type('Gra');
  await expect(customer).toHaveValue('Gra');
  await page.keyboard.press('Escape');
  await expect(customer).toHaveValue('');
  await expect(customer).toBeFocused();
});
