/**
 * The stock browser: search as you type, scan a barcode (anywhere on the screen, also with a product open), filter,
 * sort, choose columns, and open any product — online or offline.
 */
import { useSearchParams } from 'react-router';
import { Alert, Button, Drawer, MultiSelect, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { UiPrefs } from '../../../../shared/contract';
import { FLAG_NAMES, type FlagName, type ProductRow } from '../../../../shared/domain';

import { call } from '../../bridge';
import { errorText } from '../../errors';
import { flagLabel } from '../../components/flags';
import { ListingLabel, listingText, listingWords } from '../../components/StatusBadge';
import { t } from '../../i18n';
import { ColumnChooser } from '../../components/ColumnChooser';
import { count, money } from '../../components/format';
import { ListBody, ListFrame } from '../../components/ListFrame';
import { lookupMissText } from '../../components/lookupWords';
import { catalogueOutcomeText } from '../../components/outcomes';
import { SkippedNotice } from '../../components/SkippedNotice';
import { stockColumnWidth, StockFigure } from '../../components/StockBadge';
import { selectWidth, textWidth } from '../../components/textWidth';
import { useScanner, type ScanSource } from '../../components/useScanner';
import { moveIntoTable, type Column } from '../../components/VirtualTable';
import { useStore } from '../../store';
import { DEFAULT_STOCK_QUERY, type StockQuery } from '../../store/catalogue';
import { ProductDetailPanel } from './ProductDetailPanel';

type ProductColumn = Column<ProductRow> & { required?: boolean };

const allColumns = (): ProductColumn[] => [
  { key: 'sku', header: t('items.skuHeader'), width: 110, sortable: true, priority: 5, render: (p) => p.sku || '—' },
  {
    key: 'name',
    header: t('stock.col.name'),
    width: 'minmax(180px, 1fr)',
    sortable: true,
    required: true,
    render: (p) => (
      <span title={p.name}>
        {p.name || t('orders.noName')}
        {!p.listed && ` · ${t('stock.noLongerListed')}`}
      </span>
    ),
  },
  { key: 'barcode', header: t('product.barcode'), width: 140, priority: 1, render: (p) => p.barcode || '—' },
  {
    key: 'available',
    header: t('stock.col.available'),
    width: stockColumnWidth(110),
    align: 'right',
    sortable: true,
    required: true,
    render: (p) => <StockFigure value={p.available} />,
  },
  {
    key: 'physical',
    header: t('stock.col.physical'),
    width: 90,
    align: 'right',
    sortable: true,
    priority: 3,
    render: (p) => (p.physical === null ? '—' : count(p.physical)),
  },
  {
    key: 'price',
    header: t('items.price'),
    width: 100,
    align: 'right',
    sortable: true,
    required: true,
    render: (p) => money(p.price),
  },
  {
    key: 'status',
    // the service's status of a product is its listing, not its stock (#27.6)
    header: t('listing.label'),
    width: Math.max(
      140,
      textWidth(t('listing.label'), 14, 600) + 40,
      ...listingWords().map((w) => textWidth(w, 13, 600) + 40),
    ),
    sortable: true,
    priority: 4,
    render: (p) => <ListingLabel status={p.listed ? p.status : 'delisted'} />,
  },
];
const DEFAULT_COLUMNS = ['sku', 'name', 'available', 'physical', 'price', 'status'];

const rowTone = (p: ProductRow) => (!p.listed ? ('muted' as const) : undefined);
const rowKey = (p: ProductRow) => p.id;

export function StockScreen() {
  const query = useStore((s) => s.stockQuery);
  const setQuery = useStore((s) => s.setStockQuery);
  const setSearchText = useStore((s) => s.setSearchText);
  const version = useStore((s) => s.catalogueVersion);
  const catalogue = useStore((s) => s.catalogue);
  const connection = useStore((s) => s.connection);
  const syncCatalogue = useStore((s) => s.syncCatalogue);
  const ui = useStore((s) => s.ui);
  const setUi = useStore((s) => s.setUi);
  const [text, setText] = useState(query.text);
  const [debounced] = useDebouncedValue(text, 120);
  const [statuses, setStatuses] = useState<string[]>([]);
  const [selected, setSelected] = useState(0);
  const [params] = useSearchParams();
  const asked = Number(params.get('product'));
  const [openId, setOpenId] = useState<number | null>(Number.isSafeInteger(asked) && asked > 0 ? asked : null);
  const [askedSeen, setAskedSeen] = useState(asked);
  if (askedSeen !== asked) {
    // the palette opened another product while this screen was showing (adjusted while rendering)
    setAskedSeen(asked);
    if (Number.isSafeInteger(asked) && asked > 0) setOpenId(asked);
  }
  /** The answer to a scanned or typed code that found nothing (one message, never two). */
  const [scanMessage, setScanMessage] = useState<{ code: string; text: string } | null>(null);
  /** A code from the search box being looked up: the list says no "no match" for it while the answer comes. */
  const [pendingCode, setPendingCode] = useState<string | null>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const online = connection?.state === 'online';
  const notConfigured = connection?.mode === 'unconfigured';

  useEffect(() => setSearchText(debounced), [debounced, setSearchText]);
  useEffect(() => {
    void call('catalogue:facets', {}).then(
      (f) => setStatuses(f.statuses),
      () => undefined,
    );
  }, [version]);
  useEffect(() => searchRef.current?.focus(), []);

  /** What had the focus when the product panel opened (a row, the search box): it gets it back when the panel closes. */
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
  }, []);
  const openProduct = useCallback((p: ProductRow) => show(p.id), [show]);

  /**
   * Finds a code (barcode or SKU) and opens its product; returns whether it did. A code typed in the search box is
   * cleared once found, so the next scan starts fresh.
   */
  const lookUp = useCallback(
    async (code: string, fromSearch: boolean): Promise<void> => {
      try {
        const { product, miss } = await call('catalogue:lookup', { code });
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
        if (missText) return setScanMessage({ code, text: missText });
        if (fromSearch && /[^\d]/.test(code)) {
          // not a barcode: open the first product that matches the words
          const { rows } = await call('catalogue:query', { ...query, text: code, offset: 0, limit: 1 });
          if (rows[0]) return show(rows[0].id);
          return setScanMessage({ code, text: t('stock.noMatch', { code }) });
        }
        setScanMessage({ code, text: t('stock.noCode', { code }) });
      } catch (e) {
        setScanMessage({ code, text: errorText(e, 'stock.lookupFailed') });
      }
    },
    [query, setSearchText, show],
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
    [lookUp, lookUpFromSearch],
  );
  useScanner(onScan, !notConfigured);

  const onSearchKey = (event: KeyboardEvent<HTMLInputElement>): void => {
    // ↓ straight after typing: search now rather than after the pause, so the table holds the matches
    if (event.key === 'ArrowDown') setSearchText(text);
    if (moveIntoTable(event) || event.key !== 'Enter') return;
    const code = event.currentTarget.value.trim();
    if (code) lookUpFromSearch(code, event.currentTarget.value);
  };

  const onSort = useCallback(
    (key: string) => {
      const sort = key as StockQuery['sort'];
      setQuery({ sort, dir: query.sort === sort && query.dir === 'asc' ? 'desc' : 'asc' });
      setSelected(0);
    },
    [query.sort, query.dir, setQuery],
  );
  const clearFilters = useCallback((): void => {
    setText('');
    setSearchText('');
    setScanMessage(null);
    setQuery({ ...DEFAULT_STOCK_QUERY });
    setSelected(0);
  }, [setQuery, setSearchText]);

  const statusData = useMemo(() => statuses.map((s) => ({ value: s, label: listingText(s) })), [statuses]);
  const flagOptions = useMemo(() => FLAG_NAMES.map((f) => ({ value: f, label: flagLabel(f) })), []);
  // worded once: a change of language draws the screen again from scratch
  const ALL_COLUMNS = useMemo(() => allColumns(), []);
  const shownKeys = ui.productColumns ?? DEFAULT_COLUMNS;
  const columns = useMemo(
    () =>
      shownKeys.map((key) => ALL_COLUMNS.find((c) => c.key === key)).filter((c): c is ProductColumn => c !== undefined),
    [shownKeys, ALL_COLUMNS],
  );
  const filtered = query.text !== '' || query.status !== null || query.stock !== 'all' || query.flags.length > 0;
  const running = catalogue?.state === 'running';

  const emptyState = useMemo(
    () =>
      notConfigured ? (
        <Alert color="gray" title={t('stock.empty.noService')}>
          {t('stock.empty.noServiceText')}
        </Alert>
      ) : running ? (
        <Alert color="blue" title={t('catalogue.downloading')}>
          {t('stock.empty.arriving')}
        </Alert>
      ) : online ? (
        <Alert color="blue" title={t('stock.empty.title')}>
          <Stack gap="xs" align="flex-start">
            {t('stock.empty.online')}
            <Button size="xs" onClick={() => void syncCatalogue()}>
              {t('stock.empty.download')}
            </Button>
          </Stack>
        </Alert>
      ) : (
        <Alert color="gray" title={t('stock.empty.offlineTitle')}>
          {t('stock.empty.offline')}
        </Alert>
      ),
    [notConfigured, running, online, syncCatalogue],
  );
  const scanAlert = scanMessage && (
    <Alert
      color="orange"
      role="alert"
      withCloseButton
      closeButtonLabel={t('common.dismiss')}
      onClose={() => setScanMessage(null)}
    >
      {scanMessage.text}
    </Alert>
  );
  // the list names no "no match" of its own when the scan answer already says it
  const quietNoMatch = useMemo(
    () => (scanMessage?.code === query.text.trim() || pendingCode === query.text.trim() ? <></> : undefined),
    [scanMessage, pendingCode, query.text],
  );

  return (
    <ListFrame
      title={t('nav.stock')}
      status={
        <>
          <Text size="sm" c="dimmed" aria-live="polite" data-testid="catalogue-outcome">
            {catalogueOutcomeText(catalogue)}
          </Text>
          <SkippedNotice
            source="catalogue"
            skipped={running ? (catalogue?.skippedRecords ?? 0) : (catalogue?.outcome?.skippedRecords ?? 0)}
          />
        </>
      }
      actions={
        <>
          {online && (
            <Button size="xs" variant="default" onClick={() => void syncCatalogue()} disabled={running}>
              {t('stock.sync')}
            </Button>
          )}
          <ColumnChooser
            columns={ALL_COLUMNS}
            shown={shownKeys}
            onChange={(keys) => setUi({ productColumns: keys as UiPrefs['productColumns'] })}
          />
        </>
      }
      search={{
        label: t('stock.search'),
        placeholder: t('stock.searchPlaceholder'),
        value: text,
        onChange: (value) => {
          setText(value);
          setScanMessage(null);
          setSelected(0);
        },
        onKeyDown: onSearchKey,
        scanInput: true,
      }}
      searchRef={searchRef}
      filters={
        <>
          <Select
            label={t('listing.label')}
            placeholder={t('orders.anyStatus')}
            data={statusData}
            value={query.status}
            onChange={(status) => setQuery({ status })}
            clearable
            w={selectWidth(t('orders.anyStatus'), 140)}
          />
          <div>
            <Text size="sm" fw={500} mb={4} id="stock-level-label">
              {t('stock.level')}
            </Text>
            <SegmentedControl
              aria-labelledby="stock-level-label"
              value={query.stock}
              onChange={(stock) => setQuery({ stock: stock as StockQuery['stock'] })}
              data={[
                { value: 'all', label: t('stock.level.all') },
                { value: 'in', label: t('stock.level.in') },
                { value: 'low', label: t('status.low') },
                { value: 'out', label: t('status.out') },
              ]}
            />
          </div>
          <MultiSelect
            label={t('stock.flags')}
            placeholder={t('stock.anyFlag')}
            data={flagOptions}
            value={query.flags}
            onChange={(flags) => setQuery({ flags: flags as FlagName[] })}
            clearable
            w={selectWidth(t('stock.anyFlag'), 170)}
          />
        </>
      }
      notices={openId === null ? scanAlert : null}
    >
      <ListBody
        kind="products"
        label={t('palette.products')}
        query={query}
        version={version}
        columns={columns}
        rowKey={rowKey}
        rowTone={rowTone}
        onSort={onSort}
        selected={selected}
        onSelect={setSelected}
        onOpen={openProduct}
        ageLabel={t('stock.cachedAt')}
        age={catalogue?.updatedAt ?? null}
        searchOrderNote={t('stock.searchOrder')}
        filtered={filtered}
        onClear={clearFilters}
        emptyState={emptyState}
        arriving={running}
        noMatch={quietNoMatch}
      />
      <Drawer
        opened={openId !== null}
        onClose={() => {
          setOpenId(null);
          setScanMessage(null);
          requestAnimationFrame(giveFocusBack);
        }}
        // the focus goes back to what opened the panel, or to the search box when that is gone (never the page)
        returnFocus={false}
        onExitTransitionEnd={giveFocusBack}
        position="right"
        size="md"
        title={t('items.product')}
        closeButtonProps={{ 'aria-label': t('stock.closeProduct') }}
      >
        <Stack gap="sm">
          {openId !== null && scanAlert}
          {openId !== null && <ProductDetailPanel key={openId} id={openId} />}
        </Stack>
      </Drawer>
    </ListFrame>
  );
}
