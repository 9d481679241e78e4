import { describe, expect, it } from 'vitest';
import { DraftData, type Draft } from '../../../shared/domain';
import { freeSlot, heldBySlot, heldOrders, HOLD_KEYS, MAX_HELD, unusedHoldName } from '../../../shared/holds';

const draft = (id: string, onHold?: { name: string; at: number; slot: number | null }): Draft => ({
  id,
  step: 2,
  createdAt: 0,
  updatedAt: 0,
  data: DraftData.parse(onHold ? { onHold } : {}),
});

describe('orders on hold (#30.1)', () => {
  it('lists only drafts on hold, keyed ones by key, then the others oldest first', () => {
    const list = [
      draft('plain'),
      draft('late', { name: 'C', at: 300, slot: null }),
      draft('two', { name: 'B', at: 100, slot: 2 }),
      draft('early', { name: 'D', at: 50, slot: null }),
      draft('one', { name: 'A', at: 200, slot: 1 }),
    ];
    expect(heldOrders(list).map((d) => d.id)).toEqual(['one', 'two', 'early', 'late']);
    expect(heldBySlot(list, 2)?.id).toBe('two');
    expect(heldBySlot(list, 3)).toBeUndefined();
  });

  it('suggests a name no order on hold has: two put on hold in the same minute are told apart', () => {
    expect(unusedHoldName('Order of 14:05', [])).toBe('Order of 14:05');
    const first = [draft('a', { name: 'Order of 14:05', at: 1, slot: 1 }), draft('plain')];
    expect(unusedHoldName('Order of 14:05', first)).toBe('Order of 14:05 (2)');
    const more = [...first, draft('b', { name: 'order of 14:05 (2) ', at: 2, slot: 2 })];
    expect(unusedHoldName('Order of 14:05', more)).toBe('Order of 14:05 (3)');
    expect(unusedHoldName('Order of 14:06', more)).toBe('Order of 14:06');
  });

  it('gives a new order on hold the lowest free key, and none once all nine are taken', () => {
    expect(freeSlot([])).toBe(1);
    expect(freeSlot([draft('a', { name: 'A', at: 1, slot: 1 }), draft('c', { name: 'C', at: 1, slot: 3 })])).toBe(2);
    const nine = Array.from({ length: HOLD_KEYS }, (_, i) => draft(`k${i}`, { name: 'K', at: i, slot: i + 1 }));
    expect(freeSlot(nine)).toBeNull();
    // a key freed by an order brought back is given again
    expect(freeSlot(nine.filter((d) => d.id !== 'k4'))).toBe(5);
  });

  it('keeps the hold through a draft saved and read back; no limit below 100', () => {
    const data = DraftData.parse({ onHold: { name: 'Blue jacket', at: 123, slot: null } });
    expect(DraftData.parse(JSON.parse(JSON.stringify(data))).onHold).toEqual({
      name: 'Blue jacket',
      at: 123,
      slot: null,
    });
    expect(DraftData.parse({}).onHold).toBeUndefined();
    expect(MAX_HELD).toBeGreaterThanOrEqual(100);
  });
});
