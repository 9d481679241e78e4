/**
 * Lists of options (customers, products) follow the pointer only when it moves: a list appearing under a mouse that
 * stays still (Chromium then sends mouseenter and a move without movement) leaves the first option highlighted, so
 * Enter takes the first customer, not the one under the resting mouse.
 */
import { describe, expect, it } from 'vitest';
import { pointerMoved } from '../../../renderer/src/components/pointer';

describe('the pointer over a list of options', () => {
  it('moves the highlight only when it moves itself', () => {
    expect(pointerMoved({ movementX: 0, movementY: 0 })).toBe(false);
    expect(pointerMoved({ movementX: 3, movementY: 0 })).toBe(true);
    expect(pointerMoved({ movementX: 0, movementY: -1 })).toBe(true);
  });
});
