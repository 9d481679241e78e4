/**
 * Printing in the desktop app (#30.6): the shell answers `print:printers` and `print:run` itself, as only it has the
 * window's webContents. The page's size and margins from the renderer go to `webContents.print` as they are
 * (Chromium's silent printing otherwise prints on the printer's default paper: electron/electron#9780), silently to
 * the printer chosen in Settings → Printing, after the renderer's own preview. Pure apart from the contents handed in
 * (test/unit/shell/printing.test.ts); index.ts wires it to the main window.
 */
import type { WebContentsPrintOptions } from 'electron';
import { contract, type Channel } from '../../shared/contract';
import type { Result } from '../../shared/errors';
import type { PrinterList, PrintOutcome, PrintRequest } from '../../shared/print';
import type { Dispatch } from './core/dispatch';

/** Chromium's custom print margins are in points (1/72 inch), whatever Electron's docs call them. */
const points = (mm: number): number => Math.round((mm / 25.4) * 72);

/** webContents.print's options for a request: the page in microns, its margins, the printer, no dialog. */
export function printOptions(request: PrintRequest): WebContentsPrintOptions {
  const { page } = request;
  const m = page.marginsMm;
  return {
    silent: true,
    printBackground: true,
    ...(request.printer ? { deviceName: request.printer } : {}),
    copies: request.copies,
    pageSize: { width: Math.round(page.widthMm * 1000), height: Math.round(page.heightMm * 1000) },
    margins: {
      marginType: 'custom',
      top: points(m.top),
      right: points(m.right),
      bottom: points(m.bottom),
      left: points(m.left),
    },
  };
}

/** What the shell needs of the window's contents (Electron's WebContents has these). */
export interface PrintTarget {
  getPrintersAsync(): Promise<{ name: string; displayName: string; isDefault?: boolean }[]>;
  print(options: WebContentsPrintOptions, callback: (success: boolean, failureReason: string) => void): void;
}

export function printHandlers(target: () => PrintTarget | null) {
  return {
    'print:printers': async (): Promise<PrinterList> => {
      const contents = target();
      if (!contents) return { available: false, printers: [] };
      const printers = await contents.getPrintersAsync();
      return {
        available: true,
        printers: printers.slice(0, 200).map((p) => ({
          name: p.name.slice(0, 300),
          displayName: (p.displayName || p.name).slice(0, 300),
          isDefault: p.isDefault === true,
        })),
      };
    },
    'print:run': (request: PrintRequest): Promise<PrintOutcome> =>
      new Promise((resolve) => {
        const contents = target();
        if (!contents) return resolve({ outcome: 'unavailable', reason: null });
        try {
          contents.print(printOptions(request), (success, failureReason) =>
            resolve(
              success
                ? { outcome: 'printed', reason: null }
                : { outcome: 'failed', reason: failureReason.slice(0, 500) },
            ),
          );
        } catch (error) {
          resolve({
            outcome: 'failed',
            reason: (error instanceof Error ? error.message : String(error)).slice(0, 500),
          });
        }
      }),
  };
}

type ShellHandlers = Partial<{ [C in Channel]: (request: never) => Promise<unknown> }>;

/**
 * The core's dispatch with some channels answered by the shell instead: their requests are checked against the same
 * contract first (a request that does not fit goes on to the core, which refuses it in its usual words).
 */
export function withShellHandlers(dispatch: Dispatch, handlers: ShellHandlers): Dispatch {
  return async (channel, payload) => {
    const handler =
      typeof channel === 'string' && Object.prototype.hasOwnProperty.call(handlers, channel)
        ? (handlers[channel as Channel] as ((request: unknown) => Promise<unknown>) | undefined)
        : undefined;
    if (!handler) return dispatch(channel, payload);
    const parsed = contract[channel as Channel].request.safeParse(payload === undefined ? {} : payload);
    if (!parsed.success) return dispatch(channel, payload);
    try {
      return { ok: true, value: await handler(parsed.data) } satisfies Result<unknown>;
    } catch {
      return dispatch(channel, payload);
    }
  };
}
