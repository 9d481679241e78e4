/** The outbox as a to-do list (#14): tabs, one line per order, a notification when it goes out, the paused bar. */
import { startService, type RunningService } from '../../server/index';
import { postOrder, sampleOrder } from '../support/sample-order';
import { expect, indicator, test, pressCheckNow } from './fixtures';

test('tabs, a notification when a queued order goes out, the paused bar, and what "Look for it again" found', async ({
  page,
  app,
  service,
}) => {
  test.setTimeout(90_000);
  await app.connect(service);
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  const tabs = page.getByRole('tablist', { name: 'Outbox lists' });

  // offline: an order waits, and its line says so
  const port = service.port;
  await service.close();
  await expect
    .poll(
      async () => (await app.core.dispatch('connection:check', {})).ok && indicator(page).getAttribute('data-state'),
    )
    .toBe('offline');
  expect((await app.core.dispatch('outbox:submit', { draftId: 'e2e-todo-0001', order: sampleOrder() })).ok).toBe(true);
  await nav.getByRole('link', { name: /Outbox/ }).click();
  await expect(tabs.getByRole('tab', { name: 'Waiting (1)' })).toHaveAttribute('aria-selected', 'true');
  const ada = page.getByRole('article', { name: 'Outbox entry for Ada Lovelace' });
  await expect(ada.getByTestId('outbox-summary')).toHaveText(
    /while offline\. It is sent when the service is back\.|Waiting to be sent/,
  );
  await app.screenshot('70-outbox-waiting');

  let again: RunningService | null = null;
  try {
    again = await startService({ token: service.token, products: 321, orders: 40, seed: 11, port });
    await pressCheckNow(page);
    // wherever staff are, a notification says it went out, with its PO number
    const note = page.getByRole('alert').filter({ hasText: 'Order sent' });
    await expect(note).toContainText(/The order for Ada Lovelace .* went out as PO-/);
    await expect(tabs.getByRole('tab', { name: 'Sent today (1)' })).toBeVisible();
    await tabs.getByRole('tab', { name: /Sent today/ }).click();
    await expect(ada.getByTestId('outbox-po')).toHaveText(/^PO-/);
    await expect(ada.getByTestId('outbox-summary')).toHaveText(/Sent \d\d?:\d\d.* as PO-/);
    await ada.getByRole('button', { name: /steps so far/ }).click();
    await expect(ada.getByRole('table', { name: 'Attempts' })).toContainText('The service could not be reached');
    await expect(ada.getByRole('table', { name: 'Attempts' })).toContainText('Sent: the service created the order');
    await app.screenshot('71-outbox-sent-notification');

    // the service refuses the token when sending: sending is paused, the header and a bar say so, everywhere
    again.faults.add({
      method: 'POST',
      path: '/api/order',
      fault: { kind: 'status', status: 401, body: '{"message":"Unauthenticated."}', contentType: 'application/json' },
    });
    expect(
      (
        await app.core.dispatch('outbox:submit', {
          draftId: 'e2e-todo-0002',
          order: sampleOrder({ name: 'Grace Hopper' }),
        })
      ).ok,
    ).toBe(true);
    const bar = page.getByRole('status', { name: 'Sending is paused' });
    await expect(bar).toContainText('Sending is paused: the service refused the API token.');
    await expect(bar.getByRole('link', { name: 'Fix in Settings' })).toBeVisible();
    await expect(indicator(page)).toHaveAccessibleName('Connection: Sending paused');
    await tabs.getByRole('tab', { name: /Needs you/ }).click();
    const grace = page.getByRole('article', { name: 'Outbox entry for Grace Hopper' });
    await expect(grace).toContainText('Sending paused');
    await app.screenshot('72-outbox-paused');
    await nav.getByRole('link', { name: 'Orders' }).click();
    await expect(bar).toBeVisible();
    await nav.getByRole('link', { name: /Outbox/ }).click();
    // discarded by staff: nothing is paused any more, the bar goes
    await grace.getByRole('button', { name: 'Discard…' }).click();
    await page.getByRole('dialog', { name: 'Discard this order?' }).getByRole('button', { name: 'Discard' }).click();
    await expect(bar).toHaveCount(0);
    again.faults.clear();

    // an answer lost mid-send: in doubt, looked for at once; "Look for it again" says what it found and when
    again.faults.add({ method: 'POST', path: '/api/order', fault: { kind: 'status', status: 500 }, times: 1 });
    expect(
      (
        await app.core.dispatch('outbox:submit', {
          draftId: 'e2e-todo-0003',
          order: sampleOrder({ name: 'Alan Turing' }),
        })
      ).ok,
    ).toBe(true);
    const alan = page.getByRole('article', { name: 'Outbox entry for Alan Turing' });
    // what the look found is said once, by the check under the summary (not again in the summary)
    await expect(alan.getByLabel('What Shopdesk found on the service')).toHaveText(
      /^No order on the service matches this one\. \(looked .+\)$/,
    );
    await expect(alan.getByTestId('outbox-summary')).toContainText('Not known whether it arrived.');
    await expect(alan.getByTestId('outbox-summary')).not.toContainText(/no matching order/i);
    await alan.getByRole('button', { name: 'Look for it again' }).click();
    await expect(alan.getByRole('status', { name: 'Look result' })).toHaveText(
      /^Looked at \d\d?:\d\d.*: No matching order on the service\.$/,
    );
    await app.screenshot('73-outbox-needs-you');

    // the safe action leads: "Look for it again" comes first; "Send again…" after it, and asks first
    const buttons = alan.getByRole('button');
    await expect(buttons.filter({ hasText: /^(Look for it again|Send again…|Discard…)$/ })).toHaveText([
      'Look for it again',
      'Send again…',
      'Discard…',
    ]);
    // its steps in words, the status code beside them, no "HTTP"
    await alan.getByRole('button', { name: /steps so far/ }).click();
    await expect(alan.getByRole('table', { name: 'Attempts' })).toContainText('The service failed (500)');
    await expect(alan.getByRole('table', { name: 'Attempts' })).not.toContainText('HTTP');
    await alan.getByRole('button', { name: 'Send again…' }).click();
    const sendAgain = page.getByRole('dialog', { name: 'Send this order again?' });
    await expect(sendAgain).toContainText('sending it again makes a duplicate');
    await expect(sendAgain.getByTestId('send-again-facts')).toHaveText(
      /^Last look on the service, .+: no order there matched this one\.$/,
    );
    await expect(sendAgain.getByRole('button', { name: 'Keep it' })).toBeFocused();
    await sendAgain.getByRole('button', { name: 'Keep it' }).click();
    await expect(sendAgain).toHaveCount(0);
    expect(again.stats().orderPosts).toBe(3);

    // the same order is on the service twice already (entered at another desk), and this desk's send fails: the
    // confirmation lists both, each to open
    const katherine = sampleOrder({ name: 'Katherine Johnson', email: 'katherine@example.com' });
    for (let i = 0; i < 2; i++) await postOrder(again, katherine);
    again.faults.add({ method: 'POST', path: '/api/order', fault: { kind: 'status', status: 500 }, times: 1 });
    expect((await app.core.dispatch('outbox:submit', { draftId: 'e2e-todo-0004', order: katherine })).ok).toBe(true);
    const kj = page.getByRole('article', { name: 'Outbox entry for Katherine Johnson' });
    await expect(kj.getByLabel('What Shopdesk found on the service').getByRole('link')).toHaveCount(2);
    await kj.getByRole('button', { name: 'Send again…' }).click();
    await expect(sendAgain.getByTestId('send-again-facts')).toContainText(
      'these 2 orders there could already be this one; open them to check',
    );
    await expect(sendAgain.getByTestId('send-again-facts').getByRole('link', { name: /^PO-/ })).toHaveCount(2);
    await app.screenshot('74-outbox-send-again-candidates');
    await sendAgain.getByRole('link', { name: /^PO-/ }).first().click();
    await expect(page.getByRole('heading', { name: /^Order PO-/ })).toBeVisible();
    expect(again.stats().orderPosts).toBe(6);
  } finally {
    await again?.close();
  }
});
