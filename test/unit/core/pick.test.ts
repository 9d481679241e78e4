/** The order picker's ranking over a real catalogue, and the products most often ordered. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../../electron/main/core/index';
import { startService, type RunningService } from '../../../server/index';
import { nameRank, searchWords } from '../../../shared/pick';
import type { ProductRow } from '../../../shared/domain';
import { ask } from '../../support/ask';
import { createTestCore, syncCatalogue } from '../../support/core';

let svc: RunningService;
let test: { core: Core; dispose(): Promise<void> };
let all: ProductRow[];

beforeAll(async () => {
  svc = await startService({ token: 'tok', products: 400, orders: 60, seed: 5 });
  test = createTestCore();
  await ask(test.core, 'settings:save', { baseUrl: svc.url, token: 'tok' });
  await syncCatalogue(test.core);
  all = (await ask(test.core, 'catalogue:query', { sort: 'id', offset: 0, limit: 500 })).rows;
}, 60_000);

afterAll(async () => {
  await test.dispose();
  await svc.close();
});

describe('the picker', () => {
  it('ranks whole-word name matches first, then prefixes, then SKU or barcode, then contents', async () => {
    // a word that is a whole word in some names and only the start of a word in others
    const words = new Map<string, number>();
    for (const p of all) for (const w of searchWords(p.name)) words.set(w, (words.get(w) ?? 0) + 1);
    const word = [...words.keys()].find(
      (w) => w.length >= 4 && all.some((p) => nameRank(p.name, [w.slice(0, 3)]) === 'name-prefix'),
    )!;
    const prefix = word.slice(0, 3);
    const { rows } = await ask(test.core, 'picker:search', { text: prefix.toUpperCase(), limit: 50 });
    expect(rows.length).toBeGreaterThan(0);
    const ranks = rows.map((r) => nameRank(r.name, [prefix]) ?? 'other');
    const order = ['name-word', 'name-prefix', 'other'];
    expect(ranks.map((r) => order.indexOf(r))).toEqual([...ranks.map((r) => order.indexOf(r))].sort((a, b) => a - b));

    // an exact SKU comes first; a barcode finds its product
    const target = all[17]!;
    expect((await ask(test.core, 'picker:search', { text: target.sku, limit: 8 })).rows[0]?.id).toBe(target.id);
    expect((await ask(test.core, 'picker:search', { text: target.barcode, limit: 8 })).rows[0]?.id).toBe(target.id);
    expect((await ask(test.core, 'picker:search', { text: 'zzqqxx', limit: 8 })).rows).toEqual([]);
  });

  it('whole words beat prefixes in the pure ranking, accents and case ignored', () => {
    expect(nameRank('Awesome Bamboo Chair', ['bamboo'])).toBe('name-word');
    expect(nameRank('Awesome Bamboo Chair', ['bam'])).toBe('name-prefix');
    expect(nameRank('Crème Brûlée Set', ['creme', 'brulee'])).toBe('name-word');
    expect(nameRank('Awesome Bamboo Chair', ['chair', 'oak'])).toBeNull();
  });

  it('offers the products most often ordered for an empty search', async () => {
    await ask(test.core, 'orders:refresh', {});
    await expect
      .poll(async () => (await ask(test.core, 'orders:status', {})).cachedOrders, { timeout: 20_000 })
      .toBe(60);
    const { rows } = await ask(test.core, 'orders:often-ordered', { limit: 5 });
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThanOrEqual(5);
    expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
  });
});
