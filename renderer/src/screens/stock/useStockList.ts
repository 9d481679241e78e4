/**
 * The stock browser's logic: the list (useListController), the product panel (which product, and where the focus
 * goes back to when it closes) and codes — a scanner's anywhere on the screen, or one typed in the search box and
 * Enter — looked up and opened, with one message when a code finds nothing — and printing from the list as filtered
 * (labels, the list on paper, its CSV: useStockPrinting).
 */
import { useCallback, useMemo, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { useSearchParams } from 'react-router';
import { FLAG_NAMES, type ProductRow } from '../../../../shared/domain';
import { call } from '../../bridge';
import { flagLabel } from '../../components/flags';
import { lookupMissText } from '../../components/lookupWords';
import { readScan } from '../../components/scanLabel';
import { listingText } from '../../components/StatusBadge';
import { useListController } from '../../components/useListController';
import { useScanner, type ScanSource } from '../../components/useScanner';
import { errorText } from '../../errors';
import { t } from '../../i18n';
import { useStore } from '../../store';
import { DEFAULT_STOCK_QUERY } from '../../store/catalogue';
import { allStockColumns, DEFAULT_STOCK_COLUMNS } from './columns';
import { useStockPrinting } from './StockPrinting';

/** The answer to a scanned or typed code that found nothing (one message, never two). */
/** What a code found nothing as; `misread`: its check digit fails (scan again), said with a cue of its own. */
export type ScanMessage = { code: string; text: string; misread?: boolean } | null;

export function useStockList() {
  const query = useStore((s) => s.stockQuery);
  const setQuery = useStore((s) => s.setStockQuery);
  const setSearchText = useStore((s) => s.setSearchText);
  const version = useStore((s) => s.catalogueVersion);
  /** The list as filtered, with Settings → Stock's low-stock threshold (#30.4): shown, searched, printed and exported. */
  const lowStock = useStore((s) => s.ui.lowStock);
  const shownQuery = useMemo(() => ({ ...query, lowStock }), [query, lowStock]);
  const [scanMessage, setScanMessage] = useState<ScanMessage>(null);
  /** A code from the search box being looked up: the list says no "no match" for it while the answer comes. */
  const [pendingCode, setPendingCode] = useState<string | null>(null);

  const list = useListController({
    query,
    setQuery,
    setSearch: setSearchText,
    defaults: DEFAULT_STOCK_QUERY,
    version,
    readFacets: () => call('catalogue:facets', {}).then((f) => f.statuses),
    firstDir: () => 'asc',
    allColumns: allStockColumns,
    columnsPref: 'productColumns',
    defaultColumns: DEFAULT_STOCK_COLUMNS,
    onTyping: () => setScanMessage(null),
    onClear: () => setScanMessage(null),
  });
  const { setText, searchRef } = list;
  const panel = useProductPanel(searchRef);
  const { show } = panel;

  /**
   * Finds a code (barcode or SKU) and opens its product. A code typed in the search box is cleared once found, so
   * the next scan starts fresh.
   */
  const lookUp = useCallback(
    async (code: string, fromSearch: boolean): Promise<void> => {
      try {
        // a GS1 label (GS1-128, DataMatrix) opens the product of its GTIN
        const { product, miss } = await call('catalogue:lookup', {
          code: readScan(code, useStore.getState().ui.scanner).lookup,
        });
        if (product) {
          setScanMessage(null);
          show(product.id);
          if (fromSearch) {
            setText('');
            setSearchText('');
          }
          return;
        }
        const missText = lookupMissText(miss, code);
        // a misread says to scan again, a barcode the catalogue lacks says so: neither is a search for words
        if (missText) return setScanMessage({ code, text: missText, misread: miss === 'misread' });
        if (fromSearch && /[^\d]/.test(code)) {
          // not a barcode: open the first product that matches the words
          const { rows } = await call('catalogue:query', { ...shownQuery, text: code, offset: 0, limit: 1 });
          if (rows[0]) return show(rows[0].id);
          return setScanMessage({ code, text: t('stock.noMatch', { code }) });
        }
        setScanMessage({ code, text: t('stock.noCode', { code }) });
      } catch (e) {
        setScanMessage({ code, text: errorText(e, 'stock.lookupFailed') });
      }
    },
    [shownQuery, setSearchText, show, setText],
  );

  /** A code entered in the search box (typed, or scanned there) is looked up; `text` is what the box holds. */
  const lookUpFromSearch = useCallback(
    (code: string, text = code): void => {
      // the list follows the code now, not after the typing pause: on a busy computer the pause can end mid-scan, and
      // the list would say "no match" for part of the code beside the scan's own answer
      setSearchText(text);
      setPendingCode(code);
      void lookUp(code, true).finally(() => setPendingCode((pending) => (pending === code ? null : pending)));
    },
    [lookUp, setSearchText],
  );

  // a scanner's code is read by useScanner wherever it is typed (whatever the keyboard layout); one typed into the
  // search box is put there as the code (not as the keys typed it) and looked up as an Enter there would
  const onScan = useCallback(
    (code: string, { codeField }: ScanSource) => {
      if (!codeField) return void lookUp(code, false);
      setText(code);
      lookUpFromSearch(code);
    },
    [lookUp, lookUpFromSearch, setText],
  );
  // scans are read once a service is set up (before, the screen says how to set one up)
  const scanning = useStore((s) => s.connection?.mode !== 'unconfigured');
  useScanner(onScan, scanning);

  const onSearchKey = (event: KeyboardEvent<HTMLInputElement>): void => {
    if (list.search.onKeyDown(event) || event.key !== 'Enter') return;
    const code = event.currentTarget.value.trim();
    if (code) lookUpFromSearch(code, event.currentTarget.value);
  };

  const statuses = list.facets;
  const statusData = useMemo(() => (statuses ?? []).map((s) => ({ value: s, label: listingText(s) })), [statuses]);
  const flagOptions = useMemo(() => FLAG_NAMES.map((f) => ({ value: f, label: flagLabel(f) })), []);
  const filtered = query.text !== '' || query.status !== null || query.stock !== 'all' || query.flags.length > 0;
  const printing = useStockPrinting(shownQuery);
  // the list names no "no match" of its own when the scan answer already says it
  const quietNoMatch = useMemo(
    () => (scanMessage?.code === query.text.trim() || pendingCode === query.text.trim() ? true : undefined),
    [scanMessage, pendingCode, query.text],
  );

  return {
    list,
    /** What the list body is given: the controller's, with the threshold in the query. */
    body: { ...list.body, query: shownQuery },
    printing,
    query,
    setQuery,
    statusData,
    flagOptions,
    filtered,
    quietNoMatch,
    scanMessage,
    dismissScan: () => setScanMessage(null),
    onSearchKey,
    panel: {
      ...panel,
      close: () => {
        panel.close();
        setScanMessage(null);
      },
    },
  };
}

/**
 * Which product the panel shows (also one the palette asks for by address), and the focus: what had it when the
 * panel opened (a row, the search box) gets it back when the panel closes, or the search box when that is gone.
 */
function useProductPanel(searchRef: RefObject<HTMLInputElement | null>) {
  const [params] = useSearchParams();
  const asked = Number(params.get('product'));
  const [openId, setOpenId] = useState<number | null>(Number.isSafeInteger(asked) && asked > 0 ? asked : null);
  const [askedSeen, setAskedSeen] = useState(asked);
  if (askedSeen !== asked) {
    // the palette opened another product while this screen was showing (adjusted while rendering)
    setAskedSeen(asked);
    if (Number.isSafeInteger(asked) && asked > 0) setOpenId(asked);
  }
  const opener = useRef<HTMLElement | null>(null);
  const show = useCallback((id: number) => {
    const here = document.activeElement;
    // another product into the open panel keeps the first opener
    if (!(here instanceof HTMLElement) || !here.closest('[role="dialog"]'))
      opener.current = here instanceof HTMLElement && here !== document.body ? here : null;
    setOpenId(id);
  }, []);
  const giveFocusBack = useCallback(() => {
    const back = opener.current?.isConnected ? opener.current : searchRef.current;
    const here = document.activeElement;
    // only when the focus was in the closing panel or fell to the page: a click elsewhere keeps its own
    if (!here || here === document.body || here.closest('[role="dialog"]')) back?.focus();
  }, [searchRef]);
  const open = useCallback((p: ProductRow) => show(p.id), [show]);
  const close = (): void => {
    setOpenId(null);
    requestAnimationFrame(giveFocusBack);
  };
  return { openId, show, open, close, giveFocusBack };
}
