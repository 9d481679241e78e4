/**
 * The wizard's steps are named once, in shared/order-entry.ts beside STEPS (CUSTOMER_STEP, ITEMS_STEP, REVIEW_STEP):
 * no renderer file works a step out from STEPS, nor names a step constant of its own, so the two cannot drift.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CUSTOMER_STEP, ITEMS_STEP, REVIEW_STEP, STEPS } from '../../../shared/order-entry';

const RENDERER = path.join(import.meta.dirname, '../../../renderer/src');

describe('the wizard’s steps have one source', () => {
  it('shared/order-entry.ts names them, by their place in STEPS', () => {
    expect([STEPS[CUSTOMER_STEP], STEPS[ITEMS_STEP], STEPS[REVIEW_STEP]]).toEqual([
      'Customer',
      'Items',
      'Review and send',
    ]);
  });

  it('no renderer file works a step out from STEPS or names a step constant of its own', () => {
    const files: string[] = fs.readdirSync(RENDERER, { recursive: true, encoding: 'utf8' });
    const own = files
      .filter((file) => /\.tsx?$/.test(file))
      .filter((file) =>
        /STEPS\.(indexOf|findIndex)\b|\b[A-Z]+_STEP\s*=/.test(fs.readFileSync(path.join(RENDERER, file), 'utf8')),
      );
    expect(own).toEqual([]);
  });
});
