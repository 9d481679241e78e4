import { startService, type RunningService } from '../../server/index';
import { sampleOrder } from '../support/sample-order';
import { expect, indicator, pressCheckNow, test } from './fixtures';

const order = sampleOrder();

test('an order entered offline waits in the outbox, with a badge, and goes out once when the service is back', async ({
  page,
  app,
  service,
}) => {
  await app.connect(service);

  const port = service.port;
  await service.close();
  const submitted = await app.core.dispatch('outbox:submit', { draftId: 'e2e-draft-0001', order });
  expect(submitted.ok).toBe(true);
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav.getByLabel('1 unsent')).toBeVisible();
  await nav.getByRole('link', { name: /Outbox/ }).click();
  const entry = page.getByLabel('Outbox entry for Ada Lovelace');
  await expect(entry.getByText('Waiting to send')).toBeVisible();
  await expect(indicator(page)).toHaveAccessibleName('Connection: Offline');
  await app.screenshot('30-outbox-waiting');

  let again: RunningService | null = null;
  try {
    again = await startService({ token: service.token, products: 321, orders: 40, seed: 11, port });
    await pressCheckNow(page);
    await expect(entry.getByText('Sent', { exact: true })).toBeVisible();
    await expect(nav.getByLabel('1 unsent')).toHaveCount(0);
    expect(again.stats().orderPosts).toBe(1);
    await app.screenshot('31-outbox-sent');
    await entry.getByRole('link', { name: 'Open the order' }).click();
    await expect(page.getByRole('heading', { name: /^Order PO-/ })).toBeVisible();
    await expect(page.getByText('Ada Lovelace').first()).toBeVisible();
  } finally {
    await again?.close();
  }
});
