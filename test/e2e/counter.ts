/**
 * Counts what staff do to enter an order: every key press and every click is one action, except a barcode scanner's
 * digits and Enter, which are one action for the whole scan (the scanner types them, not the person). Characters typed
 * for the customer's own data (name, e-mail, phone, address) are counted apart, so a target can be set against them.
 */
import type { Locator, Page } from '@playwright/test';
import type { RunningService } from '../../server/index';
import type { ProductRow } from '../../shared/domain';
import { ask } from '../support/ask';
import { expect, type AppHarness } from './fixtures';

/**
 * The counter as these specs find it (not counted): a shop in the Netherlands with euros and 21 % tax, connected and
 * synced; the in-stock products with a bar code and a price, and the customer of the latest order.
 */
export async function counterShop(app: AppHarness, service: RunningService, name: string) {
  await ask(app.core, 'shop:save', {
    name,
    address: '',
    country: 'Netherlands',
    currency: 'EUR',
    taxRatePercent: '21',
    shippingTaxed: false,
  });
  await app.connect(service, 'synced');
  const products = (
    await ask(app.core, 'catalogue:query', { stock: 'in', sort: 'id', offset: 0, limit: 60 })
  ).rows.filter((r) => r.barcode && r.price && (r.available ?? 0) > 3);
  const latest = (await ask(app.core, 'orders:query', { text: '', sort: 'date', dir: 'desc', offset: 0, limit: 1 }))
    .rows[0]!;
  const customer = (await ask(app.core, 'orders:get', { id: latest.id })).order;
  return { products, customer };
}

export class ActionCounter {
  actions = 0;
  /** Characters typed for the customer's own data (a subset of the actions). */
  customerCharacters = 0;
  /** Characters typed for anything else (searches, codes typed by hand). */
  otherCharacters = 0;
  readonly log: string[] = [];

  constructor(private readonly page: Page) {}

  /** One key press (a combination such as Control+Enter is one press). */
  async press(key: string): Promise<void> {
    this.actions += 1;
    this.log.push(key);
    await this.page.keyboard.press(key);
  }

  /** Typing: one action per character. */
  async type(text: string, kind: 'customer' | 'other'): Promise<void> {
    this.actions += text.length;
    if (kind === 'customer') this.customerCharacters += text.length;
    else this.otherCharacters += text.length;
    this.log.push(`"${text}"`);
    await this.page.keyboard.type(text);
  }

  async click(target: Locator): Promise<void> {
    this.actions += 1;
    this.log.push('click');
    await target.click();
  }

  /** A USB scanner: its digits and Enter arrive as keys, the person did one thing. */
  async scan(code: string): Promise<void> {
    this.actions += 1;
    this.log.push(`scan ${code}`);
    await this.page.keyboard.type(code);
    await this.page.keyboard.press('Enter');
  }
}

/**
 * From the wizard's first step to Items for a customer the order book knows, by keyboard: the e-mail typed once the
 * customer search has the focus (typed before, the first keys went nowhere and only "New customer" was offered),
 * the first match taken once the list has settled, the address as it was kept.
 */
export async function returningCustomerToItems(page: Page, email: string): Promise<void> {
  const stepTitle = page.getByRole('heading', { level: 2, name: /^Step \d of 5: / });
  const customers = page.getByRole('listbox', { name: 'Customers' });
  await expect(stepTitle).toHaveText('Step 1 of 5: Customer');
  await expect(page.getByRole('combobox', { name: 'Find a customer' })).toBeFocused();
  await page.keyboard.type(email);
  await expect(customers).toHaveAttribute('aria-busy', 'false');
  await expect(customers.getByRole('option').first()).toContainText(email);
  await page.keyboard.press('Enter');
  await expect(stepTitle).toHaveText('Step 2 of 5: Delivery address');
  await page.keyboard.press('Enter');
  await expect(stepTitle).toHaveText('Step 3 of 5: Items');
}

/** Products in stock with distinct barcodes and a price, read from the local catalogue (the scanner specs' goods). */
export async function stockedProducts(app: AppHarness, count: number): Promise<ProductRow[]> {
  const window = await ask(app.core, 'catalogue:query', { stock: 'in', sort: 'id', offset: 0, limit: 50 });
  return window.rows.filter((r) => r.barcode && r.price && (r.available ?? 0) > 3).slice(0, count);
}
