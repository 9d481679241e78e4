/**
 * The print preview's logic: the printers this computer has (none in a browser), the printer chosen for this kind of
 * document and the copies, the page the content makes on its paper (a roll cut to the content as laid out), and Print
 * with its outcome.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { pageFor, type Paper, type PrintDocument, type PrinterList } from '../../../shared/print';
import { call } from '../bridge';
import { t } from '../i18n';
import { useStore } from '../store';

export function usePrintJob(kind: PrintDocument, paper: Paper) {
  const prefs = useStore((s) => s.ui.printing);
  const [printers, setPrinters] = useState<PrinterList | null>(null);
  // the printer chosen for this kind of document; another kind (the figures' A4 or roll) starts from its own printer
  const [chosen, setChosen] = useState<{ kind: PrintDocument; printer: string | null }>(() => ({
    kind,
    printer: prefs.printers[kind],
  }));
  const printer = chosen.kind === kind ? chosen.printer : prefs.printers[kind];
  const setPrinter = (name: string | null): void => setChosen({ kind, printer: name });
  const [copies, setCopies] = useState(1);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [contentPx, setContentPx] = useState(0);
  const content = useRef<HTMLDivElement>(null);

  useEffect(() => {
    void call('print:printers', {}).then(setPrinters, () => setPrinters({ available: false, printers: [] }));
  }, []);

  // the content as laid out at the paper's width: a roll is cut to it
  useLayoutEffect(() => {
    if (!content.current) return;
    const measure = (): void => {
      // hidden (the page being printed hides the preview): the last measure stands
      const height = content.current?.offsetHeight ?? 0;
      if (height > 0) setContentPx(height);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(content.current);
    return () => observer.disconnect();
  });

  const page = pageFor(paper, contentPx);
  const desktop = printers?.available === true;

  const print = async (): Promise<void> => {
    setOutcome(null);
    if (!desktop) {
      // the browser's own dialog, at the page's size (the @page rule of the document outside the app's frame)
      window.print();
      return;
    }
    setBusy(true);
    try {
      const result = await call('print:run', { document: kind, printer, page, copies });
      setOutcome(
        result.outcome === 'printed'
          ? { ok: true, text: t('print.sent', { printer: printerName(printers, printer) }) }
          : { ok: false, text: t('print.failed', { reason: result.reason ?? '' }) },
      );
    } catch {
      setOutcome({ ok: false, text: t('print.failed', { reason: '' }) });
    } finally {
      setBusy(false);
    }
  };

  /** The desktop app's printers to choose from (none in a browser, which prints through its own dialog). */
  const installed = desktop ? printers.printers : [];

  return { installed, printer, setPrinter, copies, setCopies, outcome, busy, content, page, desktop, print };
}

const printerName = (list: PrinterList | null, name: string | null): string =>
  name === null ? t('print.systemDefault') : (list?.printers.find((p) => p.name === name)?.displayName ?? name);
