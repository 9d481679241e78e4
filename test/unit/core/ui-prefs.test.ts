import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { UiPrefs } from '../../../shared/contract';
import { coreIn } from '../../support/core';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('screen preferences', () => {
  it('are kept across a restart; a value of the wrong shape is refused; a damaged one falls back alone', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shopdesk-ui-'));
    dirs.push(dir);
    let core = coreIn(dir);
    const fresh = await core.dispatch('ui:get', {});
    expect(fresh).toEqual({
      ok: true,
      value: {
        sidebarCollapsed: false,
        summaryCollapsed: false,
        ordersToolsUnfolded: false,
        orderColumns: null,
        productColumns: null,
        orderViews: null,
        language: 'auto',
        scannerLayoutNoticed: false,
        // #30.6, #30.4: A4 order sheets, 3 × 8 labels, the system's default printer for each; low at 5
        printing: { orderSheet: 'a4', labels: 'a4-3x8', printers: { orderSheet: null, labels: null, lists: null } },
        lowStock: 5,
        labelRules: null,
        favourites: [],
        // #29.2: codes end with Enter, a US-layout scanner, nothing taken off, a scanner's pace at 40 ms a key (100 at most)
        scanner: { end: 'enter', layout: 'us', prefix: '', suffix: '', stripAim: false, averageMs: 40, gapMs: 100 },
      },
    });
    const view = {
      id: 'v1',
      readyMade: null,
      name: 'Big on hold',
      query: {
        text: '',
        status: 'On Hold',
        preset: null,
        from: null,
        to: null,
        attention: false,
        sort: 'total',
        dir: 'desc',
      },
      columns: ['id', 'customer', 'status', 'total'],
    } as const;
    expect(
      (
        await core.dispatch('ui:set', {
          sidebarCollapsed: true,
          ordersToolsUnfolded: true,
          orderViews: [view],
          favourites: [42, 7, 19],
        })
      ).ok,
    ).toBe(true);
    // more than 24 favourites, or what is not a product id: refused
    expect((await core.dispatch('ui:set', { favourites: Array.from({ length: 25 }, (_, i) => i + 1) })).ok).toBe(false);
    expect((await core.dispatch('ui:set', { favourites: [0] })).ok).toBe(false);
    // not a column, not a view: refused, nothing written
    expect((await core.dispatch('ui:set', { orderColumns: ['id', 'password'] })).ok).toBe(false);
    expect((await core.dispatch('ui:set', { orderViews: [{ ...view, name: '' }] })).ok).toBe(false);
    // Settings → Printing and Stock: a till slip and a printer for labels; a paper there is not, a negative threshold
    const printing = {
      orderSheet: 'slip-80',
      labels: 'roll-62',
      printers: { orderSheet: 'EPSON_TM_T20III', labels: 'Brother_QL_820NWB', lists: null },
    } as const;
    expect((await core.dispatch('ui:set', { printing, lowStock: 12 })).ok).toBe(true);
    expect((await core.dispatch('ui:set', { printing: { ...printing, orderSheet: 'slip-76' } })).ok).toBe(false);
    expect((await core.dispatch('ui:set', { lowStock: -1 })).ok).toBe(false);
    // Settings → Scanner (#29.2): a Tab-ending German scanner with a prefix; a prefix with a space, a pace no scanner
    // keeps, a layout there is not
    const scanner = {
      end: 'tab',
      layout: 'de',
      prefix: 'X',
      suffix: '',
      stripAim: true,
      averageMs: 60,
      gapMs: 150,
    } as const;
    expect((await core.dispatch('ui:set', { scanner })).ok).toBe(true);
    expect((await core.dispatch('ui:set', { scanner: { ...scanner, layout: 'dvorak' } })).ok).toBe(false);
    expect((await core.dispatch('ui:set', { scanner: { ...scanner, prefix: 'a b' } })).ok).toBe(false);
    expect((await core.dispatch('ui:set', { scanner: { ...scanner, averageMs: 150 } })).ok).toBe(false);
    await core.close();

    core = coreIn(dir);
    const after = await core.dispatch('ui:get', {});
    expect(after.ok && (after.value as UiPrefs).sidebarCollapsed).toBe(true);
    expect(after.ok && (after.value as UiPrefs).ordersToolsUnfolded).toBe(true);
    expect(after.ok && (after.value as UiPrefs).orderViews).toEqual([view]);
    expect(after.ok && (after.value as UiPrefs).printing).toEqual(printing);
    expect(after.ok && (after.value as UiPrefs).lowStock).toBe(12);
    // the pins, per computer, in the order staff put them
    expect(after.ok && (after.value as UiPrefs).favourites).toEqual([42, 7, 19]);
    expect(after.ok && (after.value as UiPrefs).scanner).toEqual(scanner);
    await core.close();

    // a file edited by hand into a wrong shape: that one preference falls back, the others stay
    const file = path.join(dir, 'screens.json');
    const stored = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
    // and the scanner's settings as an older version kept them (no layout, no pace) with a damaged suffix: those alone
    // fall back
    const olderScanner = { end: scanner.end, prefix: scanner.prefix, suffix: 7, stripAim: scanner.stripAim };
    fs.writeFileSync(file, JSON.stringify({ ...stored, orderColumns: 'everything', scanner: olderScanner }));
    core = coreIn(dir);
    const mixed = await core.dispatch('ui:get', {});
    expect(mixed.ok && (mixed.value as UiPrefs).orderColumns).toBe(null);
    expect(mixed.ok && (mixed.value as UiPrefs).sidebarCollapsed).toBe(true);
    expect(mixed.ok && (mixed.value as UiPrefs).scanner).toEqual({
      ...scanner,
      layout: 'us',
      suffix: '',
      averageMs: 40,
      gapMs: 100,
    });
    await core.close();
  });
});
