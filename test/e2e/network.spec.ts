/**
 * Settings → Proxy (#26.4): a proxy typed by hand with its login, checked and kept; the password never shown again;
 * this computer (the service on loopback) is never reached through a proxy. The routes themselves (environment, manual
 * with a login, refusals, the OS certificate store) are proved against a real proxy in test/unit/core/network.test.ts.
 *
 * #26.5: a service behind TLS with a self-signed certificate made here with openssl: Test connection shows the
 * certificate's names, dates and SHA-256; staff trust it after a confirmation; the test then connects; Settings lists
 * it with "Stop trusting", and after stopping the certificate is refused again.
 */
import { execFileSync } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import fs from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import { expect, SettingsPage, test } from './fixtures';

const haveOpenssl = (() => {
  try {
    execFileSync('openssl', ['version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

test('a proxy set by hand: checked, saved with its login, the password never shown again', async ({
  page,
  app,
  service,
}) => {
  await app.connect(service);
  const settings = new SettingsPage(page);
  await settings.goto();
  const section = page.getByRole('region', { name: 'Proxy' });
  await expect(section.getByRole('radio', { name: 'This computer’s settings' })).toBeChecked();
  await expect(section).toContainText(/requests go directly|Uses the proxy set for this computer’s programs/);

  await section.getByText('Set by hand').click();
  const address = section.getByRole('textbox', { name: 'Proxy address' });
  await address.fill('http://till:secret@proxy.example:3128');
  await section.getByRole('button', { name: 'Apply proxy setting' }).click();
  await expect(section.getByText('Put the user name and password in their own fields')).toBeVisible();

  await address.fill('127.0.0.1:9');
  await section.getByRole('textbox', { name: 'Proxy user name' }).fill('till');
  await section.getByLabel('Proxy password').fill('pr0xy-Secret-9');
  await section.getByRole('button', { name: 'Apply proxy setting' }).click();
  await expect(section.getByRole('status', { name: 'Proxy setting saved' })).toBeVisible();

  for (const [width, height] of [
    [1366, 768],
    [1024, 700],
  ] as const) {
    for (const scheme of ['light', 'dark'] as const) {
      await page.setViewportSize({ width, height });
      await page.emulateMedia({ colorScheme: scheme });
      await section.scrollIntoViewIfNeeded();
      await section.screenshot({
        path: `reports/screens/proxy-${width}x${height}-${scheme}.png`,
        animations: 'disabled',
      });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });

  // after a reload: kept, the address as checked, the password only said to be there
  await page.reload();
  await settings.goto();
  const again = page.getByRole('region', { name: 'Proxy' });
  await expect(again.getByRole('radio', { name: 'Set by hand' })).toBeChecked();
  await expect(again.getByRole('textbox', { name: 'Proxy address' })).toHaveValue('http://127.0.0.1:9');
  await expect(again.getByRole('textbox', { name: 'Proxy user name' })).toHaveValue('till');
  await expect(again.getByLabel('Proxy password')).toHaveValue('');
  await expect(again.getByLabel('Proxy password')).toHaveAttribute('placeholder', 'Saved — type to replace');
  expect(await page.content()).not.toContain('pr0xy-Secret-9');

  // the service on this computer is reached directly, whatever the proxy
  await settings.test();
  await expect(settings.result()).toHaveAttribute('data-verdict', 'connected');
});

test('a self-signed certificate: its facts shown, trusted after a confirmation, the test connects; stop trusting', async ({
  page,
  app,
  service,
}) => {
  test.skip(!haveOpenssl, 'openssl makes the self-signed certificate');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shopdesk-e2e-cert-'));
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      'self.key',
      '-out',
      'self.pem',
      '-days',
      '2',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
    ],
    { cwd: dir, stdio: 'ignore' },
  );
  const cert = fs.readFileSync(path.join(dir, 'self.pem'));
  const sha256 = new X509Certificate(cert).fingerprint256;
  const port = service.port;
  const front = tls.createServer({ key: fs.readFileSync(path.join(dir, 'self.key')), cert }, (socket) => {
    const upstream = net.connect(port, '127.0.0.1');
    socket.pipe(upstream).pipe(socket);
    socket.on('error', () => upstream.destroy());
    upstream.on('error', () => socket.destroy());
  });
  await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
  const origin = `https://localhost:${(front.address() as AddressInfo).port}`;
  const host = new URL(origin).host;
  try {
    await app.open();
    const settings = new SettingsPage(page);
    await settings.goto();
    await settings.fill(origin, service.token);
    await settings.test();
    await expect(settings.result()).toHaveAttribute('data-verdict', 'unreachable');
    await expect(settings.result()).toContainText('it is self-signed');

    const presented = page.getByRole('region', { name: `The certificate ${host} presents` });
    await expect(presented.getByTestId('certificate-sha256')).toHaveText(sha256);
    await expect(presented).toContainText('localhost, 127.0.0.1');
    await expect(presented).toContainText('(self-signed)');
    await presented.scrollIntoViewIfNeeded();
    await app.screenshot('certificate-untrusted');

    await presented.getByRole('button', { name: `Trust this certificate for ${host}` }).click();
    const dialog = page.getByRole('dialog', { name: `Trust this certificate for ${host}?` });
    await expect(dialog).toContainText('read the API token');
    await expect(dialog).toContainText(sha256);
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await dialog.getByRole('button', { name: 'Trust this certificate' }).click();
    await expect(dialog).toBeHidden();
    await expect(presented.getByRole('status')).toContainText(`Trusted for ${origin}`);

    await settings.test();
    await expect(settings.result()).toHaveAttribute('data-verdict', 'connected');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByRole('status', { name: 'Save result' })).toBeVisible();

    // Settings lists it (kept across a reload), with its fingerprint and Stop trusting
    await page.reload();
    await settings.goto();
    const list = page.getByRole('region', { name: 'Trusted certificates' });
    const entry = list.getByRole('article', { name: origin });
    await expect(entry.getByTestId('certificate-sha256')).toHaveText(sha256);
    await entry.scrollIntoViewIfNeeded();
    await app.screenshot('certificate-trusted');
    await entry.getByRole('button', { name: `Stop trusting the certificate for ${origin}` }).click();
    await expect(list.getByRole('status')).toContainText(`No longer trusted: ${origin}`);
    await expect(list.getByRole('article')).toHaveCount(0);

    await settings.test();
    await expect(settings.result()).toHaveAttribute('data-verdict', 'unreachable');
    await expect(page.getByRole('region', { name: `The certificate ${host} presents` })).toBeVisible();
  } finally {
    await new Promise((r) => front.close(r));
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
