/**
 * The wizard's steps are named once, in shared/order-entry.ts beside STEPS (CUSTOMER_STEP, ITEMS_STEP, REVIEW_STEP):
 * no renderer file works a step out from STEPS, nor names a step constant of its own, so the two cannot drift.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ADDRESS_STEP,
  CUSTOMER_STEP,
  FIRST_STEP,
  ITEMS_STEP,
  PRICES_STEP,
  REVIEW_STEP,
  STEPS,
} from '../../../shared/order-entry';

const RENDERER = path.join(import.meta.dirname, '../../../renderer/src');

describe('the wizard’s steps have one source', () => {
  it('shared/order-entry.ts names them, by their place in STEPS', () => {
    expect([CUSTOMER_STEP, ADDRESS_STEP, ITEMS_STEP, PRICES_STEP, REVIEW_STEP].map((step) => STEPS[step])).toEqual([
      'Customer',
      'Delivery address',
      'Items',
      'Prices and dates',
      'Review and send',
    ]);
    expect(STEPS[FIRST_STEP]).toBe(STEPS[0]);
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

  it('no wizard file compares, opens or goes to a step by a bare number', () => {
    const WIZARD = path.join(RENDERER, 'screens/new-order');
    // `step === 2`, `step={1}`, `step: 0`, `goTo(1)`, `onEdit(3)`, `setStep(4)`, `customerRows(0)`
    const BARE = /\bstep\s*(?:[!=]==|<=?|>=?)\s*\d|\bstep(?:=\{|:\s*)\d|\b(?:goTo|onEdit|setStep|customerRows)\(\d/;
    const files: string[] = fs.readdirSync(WIZARD, { recursive: true, encoding: 'utf8' });
    const bare = files
      .filter((file) => /\.tsx?$/.test(file))
      .flatMap((file) =>
        fs
          .readFileSync(path.join(WIZARD, file), 'utf8')
          .split('\n')
          .flatMap((line, i) => (BARE.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
      );
    expect(bare).toEqual([]);
  });
});
