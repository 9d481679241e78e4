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
      (await core.dispatch('ui:set', { sidebarCollapsed: true, ordersToolsUnfolded: true, orderViews: [view] })).ok,
    ).toBe(true);
    // not a column, not a view: refused, nothing written
    expect((await core.dispatch('ui:set', { orderColumns: ['id', 'password'] })).ok).toBe(false);
    expect((await core.dispatch('ui:set', { orderViews: [{ ...view, name: '' }] })).ok).toBe(false);
    await core.close();

    core = coreIn(dir);
    const after = await core.dispatch('ui:get', {});
    expect(after.ok && (after.value as UiPrefs).sidebarCollapsed).toBe(true);
    expect(after.ok && (after.value as UiPrefs).ordersToolsUnfolded).toBe(true);
    expect(after.ok && (after.value as UiPrefs).orderViews).toEqual([view]);
    await core.close();

    // a file edited by hand into a wrong shape: that one preference falls back, the others stay
    const file = path.join(dir, 'screens.json');
    const stored = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
    fs.writeFileSync(file, JSON.stringify({ ...stored, orderColumns: 'everything' }));
    core = coreIn(dir);
    const mixed = await core.dispatch('ui:get', {});
    expect(mixed.ok && (mixed.value as UiPrefs).orderColumns).toBe(null);
    expect(mixed.ok && (mixed.value as UiPrefs).sidebarCollapsed).toBe(true);
    await core.close();
  });
});
