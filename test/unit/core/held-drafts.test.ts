import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DraftRepository } from '../../../electron/main/core/drafts/db';
import { DraftData } from '../../../shared/domain';
import { heldOrders, MAX_HELD } from '../../../shared/holds';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('orders on hold are drafts (#30.1)', () => {
  it('lists every order on hold (100 of them) before the other drafts, newer drafts not crowding them out', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shopdesk-held-'));
    dirs.push(dir);
    const file = path.join(dir, 'drafts.sqlite');
    let repo = new DraftRepository(file);
    const line = { productId: 1, sku: 'A-1', name: 'A', price: '1.00', available: 3, addedAt: 1, quantity: 1 };
    for (let i = 0; i < MAX_HELD; i++)
      repo.save(
        `held-${String(i).padStart(3, '0')}`,
        'svc',
        2,
        DraftData.parse({ lines: [line], onHold: { name: `Customer ${i}`, at: i, slot: i < 9 ? i + 1 : null } }),
        1_000 + i,
      );
    // 200 drafts not on hold, all changed after every held one
    for (let i = 0; i < 200; i++) repo.save(`plain-${i}`, 'svc', 1, DraftData.parse({ lines: [line] }), 10_000 + i);
    repo.close();

    repo = new DraftRepository(file); // a restart
    const list = repo.list('svc');
    const held = heldOrders(list);
    expect(held).toHaveLength(MAX_HELD);
    expect(held.slice(0, 9).map((d) => d.data.onHold.slot)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(held[42]!.data.onHold.name).toBeDefined();
    expect(list.slice(0, MAX_HELD).every((d) => d.data.onHold)).toBe(true);
    // the latest of the others follow
    expect(list[MAX_HELD]!.id).toBe('plain-199');
    expect(repo.list('other')).toEqual([]);
    repo.close();
  });
});
