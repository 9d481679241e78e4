import { describe, expect, it } from 'vitest';
import { printHandlers, printOptions, withShellHandlers } from '../../../electron/main/printing';
import type { PrintRequest } from '../../../shared/print';

const slip: PrintRequest = {
  document: 'orderSheet',
  printer: 'EPSON_TM_T20III',
  page: { widthMm: 80, heightMm: 112, marginsMm: { top: 3, right: 4, bottom: 8, left: 4 } },
  copies: 2,
};

describe('desktop printing (#30.6)', () => {
  it('hands webContents.print the page in microns, its margins in points, the printer, no dialog', () => {
    expect(printOptions(slip)).toEqual({
      silent: true,
      printBackground: true,
      deviceName: 'EPSON_TM_T20III',
      copies: 2,
      pageSize: { width: 80_000, height: 112_000 },
      margins: { marginType: 'custom', top: 9, right: 11, bottom: 23, left: 11 },
    });
    // no printer chosen: the system's default (no deviceName at all)
    expect(printOptions({ ...slip, printer: null })).not.toHaveProperty('deviceName');
  });

  it('prints through the window and says how it went', async () => {
    const calls: unknown[] = [];
    let succeed = true;
    const handlers = printHandlers(() => ({
      getPrintersAsync: async () => [
        { name: 'EPSON_TM_T20III', displayName: 'EPSON TM-T20III', isDefault: false },
        { name: 'Office', displayName: '', isDefault: true },
      ],
      print: (options, done) => {
        calls.push(options);
        done(succeed, succeed ? '' : 'Print job failed');
      },
    }));
    expect(await handlers['print:printers']()).toEqual({
      available: true,
      printers: [
        { name: 'EPSON_TM_T20III', displayName: 'EPSON TM-T20III', isDefault: false },
        { name: 'Office', displayName: 'Office', isDefault: true },
      ],
    });
    expect(await handlers['print:run'](slip)).toEqual({ outcome: 'printed', reason: null });
    succeed = false;
    expect(await handlers['print:run'](slip)).toEqual({ outcome: 'failed', reason: 'Print job failed' });
    expect(calls).toHaveLength(2);
    // no window: nothing to print from
    const none = printHandlers(() => null);
    expect(await none['print:run'](slip)).toEqual({ outcome: 'unavailable', reason: null });
    expect(await none['print:printers']()).toEqual({ available: false, printers: [] });
  });

  it('the shell answers its channels, checked against the contract; the core answers the rest', async () => {
    const seen: unknown[] = [];
    const core = async (channel: unknown) => {
      seen.push(channel);
      return { ok: true as const, value: 'core' };
    };
    const dispatch = withShellHandlers(core, { 'print:run': async () => ({ outcome: 'printed', reason: null }) });
    expect(await dispatch('print:run', slip)).toEqual({ ok: true, value: { outcome: 'printed', reason: null } });
    expect(await dispatch('ui:get', {})).toEqual({ ok: true, value: 'core' });
    // a request that does not fit goes to the core, which refuses it in its own words
    await dispatch('print:run', { ...slip, copies: 0 });
    expect(seen).toEqual(['ui:get', 'print:run']);
  });
});
