/**
 * Issue #26.2: an order the service refuses keeps the service's reason to the screen. A 403 on opening an order says
 * "The service refused access to this order" (not "not in the local order book"), with the copy on this computer
 * beneath when there is one; the log keeps the status and what the service said, without the token.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

const openOrder = async (page: Page, id: number): Promise<void> => {
  const here = new URL(page.url());
  await page.goto(`${here.origin}${here.pathname}#/orders/${id}`);
};

test('a 403 on opening an order: the refusal in its own words, the cached copy beneath, the log keeps it', async ({
  page,
  app,
  service,
}) => {
  test.setTimeout(90_000);
  const said = `Orders of another branch (token ${service.token})`;
  const refuse = (id: number) =>
    service.faults.add({
      fault: { kind: 'status', status: 403, body: JSON.stringify({ message: said }), contentType: 'application/json' },
      path: `/api/order/${id}`,
    });
  await app.connect(service, 'synced');

  // an order on this computer: the notice says why the service's copy is not shown, and the cached copy follows
  const order = JSON.parse(service.store.orderJson(12)!) as { po_number: string };
  refuse(12);
  await openOrder(page, 12);
  const notice = page.getByRole('alert', { name: 'The service refused access to this order.' });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('The service said: “Orders of another branch (token [redacted])”');
  await expect(notice).toContainText('The copy on this computer is shown below.');
  await expect(page.getByRole('heading', { name: `Order ${order.po_number}` })).toBeVisible();
  await expect(page.getByText(/Cached at/)).toBeVisible();
  await expect(page.getByText(/not in the local order book/)).toHaveCount(0);
  await app.screenshot('26-order-refused-cached');

  // an order this computer has never seen: the refusal, not "not in the local order book"
  refuse(9_999);
  await openOrder(page, 9_999);
  const unavailable = page.getByRole('alert', { name: 'Order not available' });
  await expect(unavailable).toContainText('The service refused access to this order.');
  await expect(unavailable).not.toContainText('local order book');
  await app.screenshot('26-order-refused-unknown');

  // the log: the status and the service's message, the token redacted
  const log = fs.readFileSync(path.join(app.dataDir, 'logs', 'main.log'), 'utf8');
  expect(log).toMatch(/order 12 read live failed: the service answered 403 \(forbidden\): “Orders of another branch/);
  expect(log).toMatch(/order 9999 read live failed: the service answered 403/);
  expect(log).not.toContain(service.token);
});
