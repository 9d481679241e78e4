import { describe, expect, it } from 'vitest';
import { MAX_FAVOURITES, movePin, tileOfKey, togglePin } from '../../../renderer/src/screens/new-order/favourites';

describe('favourites (#30.2)', () => {
  it('pins at the end and unpins; a 25th is refused with the list unchanged', () => {
    expect(togglePin([], 7)).toEqual({ pins: [7], outcome: 'pinned' });
    expect(togglePin([7, 3], 9)).toEqual({ pins: [7, 3, 9], outcome: 'pinned' });
    expect(togglePin([7, 3, 9], 3)).toEqual({ pins: [7, 9], outcome: 'unpinned' });
    const full = Array.from({ length: MAX_FAVOURITES }, (_, i) => i + 1);
    expect(togglePin(full, 99)).toEqual({ pins: full, outcome: 'full' });
    expect(togglePin(full, 5).outcome).toBe('unpinned');
  });

  it('moves a pin, the others keeping their order; out of range is clamped or ignored', () => {
    expect(movePin([1, 2, 3, 4], 0, 2)).toEqual([2, 3, 1, 4]);
    expect(movePin([1, 2, 3, 4], 3, 0)).toEqual([4, 1, 2, 3]);
    expect(movePin([1, 2, 3, 4], 1, -5)).toEqual([2, 1, 3, 4]);
    expect(movePin([1, 2, 3, 4], 1, 99)).toEqual([1, 3, 4, 2]);
    expect(movePin([1, 2, 3], 7, 0)).toEqual([1, 2, 3]);
  });

  it('keys 1 to 9 name the first nine tiles; 0 and anything else none', () => {
    expect(tileOfKey('1')).toBe(0);
    expect(tileOfKey('9')).toBe(8);
    expect(['0', 'a', '10', 'Enter', ' '].map(tileOfKey)).toEqual([null, null, null, null, null]);
  });
});
