/**
 * Settings → Support (#26.6): the support file is saved as a download, unzips with any tool, and holds no secret (the
 * service's token, a proxy's password) and no customer details unless ticked.
 */
import fs from 'node:fs';
import { strFromU8, unzipSync } from 'fflate';
import { expect, SettingsPage, test } from './fixtures';

test('Save a support file…: a zip with no secret in it, customers only when ticked', async ({ page, app, service }) => {
  await app.connect(service);
  const settings = new SettingsPage(page);
  await settings.goto();
  const proxy = page.getByRole('region', { name: 'Proxy' });
  await proxy.getByText('Set by hand').click();
  await proxy.getByRole('textbox', { name: 'Proxy address' }).fill('proxy.example:3128');
  await proxy.getByRole('textbox', { name: 'Proxy user name' }).fill('till');
  await proxy.getByLabel('Proxy password').fill('e2e-Proxy-Sentinel-42');
  await proxy.getByRole('button', { name: 'Apply proxy setting' }).click();
  await expect(proxy.getByRole('status', { name: 'Proxy setting saved' })).toBeVisible();

  const section = page.getByRole('region', { name: 'Support' });
  await expect(section.getByRole('checkbox', { name: 'Include customer details' })).not.toBeChecked();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    section.getByRole('button', { name: 'Save a support file…' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^shopdesk-support-.*\.zip$/);
  await expect(section.getByRole('status', { name: 'Support file' })).toContainText('saved');
  const files = unzipSync(fs.readFileSync((await download.path())!));
  expect(Object.keys(files)).toEqual(expect.arrayContaining(['README.txt', 'settings.json', 'outbox.json']));
  for (const [name, bytes] of Object.entries(files)) {
    const text = strFromU8(bytes);
    expect(text, name).not.toContain(service.token);
    expect(text, name).not.toContain('e2e-Proxy-Sentinel-42');
  }
  expect(JSON.parse(strFromU8(files['settings.json']!))).toMatchObject({
    tokenSet: true,
    proxy: { mode: 'manual', address: 'http://proxy.example:3128' },
  });
});
