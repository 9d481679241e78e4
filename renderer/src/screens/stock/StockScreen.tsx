/** The stock browser: search as you type, scan a barcode, filter, sort, and open any product — online or offline. */
import { useSearchParams } from 'react-router';
import {
  Alert,
  Button,
  Drawer,
  Group,
  MultiSelect,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { memo, useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { FLAG_NAMES, type CatalogueStatus, type FlagName, type ProductRow } from '../../../../shared/domain';
import { formatMoney } from '../../../../shared/money';
import { BridgeError, call } from '../../bridge';
import { asOf, count, timeOfDay } from '../../components/format';
import { StatusLabel } from '../../components/StatusBadge';
import { StockFigure } from '../../components/StockBadge';
import { moveIntoTable, NoMatches, VirtualTable, type Column } from '../../components/VirtualTable';
import { useStore } from '../../store';
import type { StockQuery } from '../../store/catalogue';
import { ProductDetailPanel } from './ProductDetailPanel';
import { useProductWindows } from './useProductWindows';

const COLUMNS: Column<ProductRow>[] = [
  { key: 'sku', header: 'SKU', width: 110, sortable: true, render: (p) => p.sku || '—' },
  {
    key: 'name',
    header: 'Name',
    width: 'minmax(200px, 1fr)',
    sortable: true,
    render: (p) => (
      <span title={p.name}>
        {p.name || '(no name)'}
        {!p.listed && (
          <Text span size="xs" c="dimmed">
            {' '}
            · no longer listed
          </Text>
        )}
      </span>
    ),
  },
  {
    key: 'available',
    header: 'Available',
    width: 110,
    align: 'right',
    sortable: true,
    render: (p) => <StockFigure value={p.available} />,
  },
  {
    key: 'physical',
    header: 'Physical',
    width: 90,
    align: 'right',
    sortable: true,
    render: (p) => (p.physical === null ? '—' : count(p.physical)),
  },
  { key: 'price', header: 'Price', width: 100, align: 'right', sortable: true, render: (p) => formatMoney(p.price) },
  {
    key: 'status',
    header: 'Status',
    width: 140,
    sortable: true,
    render: (p) => <StatusLabel status={p.listed ? p.status : 'No longer listed'} />,
  },
];

/** The last sync's outcome; a complete one is worded here so its time reads in the user's own format. */
function catalogueSummary(status: CatalogueStatus | null): string {
  if (!status) return '';
  if (status.state === 'complete' && status.completeAt !== null) {
    return `Catalogue complete: ${count(status.cachedProducts)} products as of ${timeOfDay(status.completeAt)}.`;
  }
  return status.summary ?? '';
}

const FLAG_OPTIONS = FLAG_NAMES.map((f) => ({ value: f, label: f[0]!.toUpperCase() + f.slice(1) }));

export function StockScreen() {
  const query = useStore((s) => s.stockQuery);
  const setQuery = useStore((s) => s.setStockQuery);
  const setSearchText = useStore((s) => s.setSearchText);
  const version = useStore((s) => s.catalogueVersion);
  const catalogue = useStore((s) => s.catalogue);
  const connection = useStore((s) => s.connection);
  const syncCatalogue = useStore((s) => s.syncCatalogue);
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
  const [scanMessage, setScanMessage] = useState<string | null>(null);
  const searchRef = useRef<HTMLInputElement>(null);

  useEffect(() => setSearchText(debounced), [debounced, setSearchText]);
  useEffect(() => {
    void call('catalogue:facets', {}).then(
      (f) => setStatuses(f.statuses),
      () => undefined,
    );
  }, [version]);
  useEffect(() => searchRef.current?.focus(), []);

  const openProduct = useCallback((p: ProductRow) => setOpenId(p.id), []);
  const download = useCallback(() => void syncCatalogue(), [syncCatalogue]);

  const onSort = useCallback(
    (key: string) => {
      const sort = key as StockQuery['sort'];
      setQuery({ sort, dir: query.sort === sort && query.dir === 'asc' ? 'desc' : 'asc' });
      setSelected(0);
    },
    [query.sort, query.dir, setQuery],
  );

  // A scanner types the digits, then Enter: find that exact barcode (or SKU) at once.
  const onSearchKey = async (event: KeyboardEvent<HTMLInputElement>): Promise<void> => {
    if (moveIntoTable(event) || event.key !== 'Enter') return;
    const code = event.currentTarget.value.trim();
    if (!code) return;
    try {
      const { product } = await call('catalogue:lookup', { code });
      if (product) {
        setScanMessage(null);
        setOpenId(product.id);
      } else if (/[^\d]/.test(code)) {
        // not a barcode: open the first product that matches the words
        const { rows } = await call('catalogue:query', { ...query, text: code, offset: 0, limit: 1 });
        if (rows[0]) setOpenId(rows[0].id);
        else setScanMessage(`No product matches “${code}”.`);
      } else {
        setScanMessage(`No product with barcode or SKU “${code}” in the local catalogue.`);
      }
    } catch (e) {
      setScanMessage(e instanceof BridgeError ? e.message : 'The lookup failed.');
    }
  };

  const notConfigured = connection?.mode === 'unconfigured';
  const statusData = useMemo(() => statuses.map((s) => ({ value: s, label: s || '(no status)' })), [statuses]);

  return (
    <Stack h="calc(100vh - 56px - 2 * var(--mantine-spacing-lg))" gap="sm">
      <Group justify="space-between" align="flex-end">
        <Title order={2}>Stock</Title>
        <Group gap="xs">
          <Text size="sm" c="dimmed" aria-live="polite">
            {catalogueSummary(catalogue)}
          </Text>
          <Button
            size="xs"
            variant="default"
            onClick={() => void syncCatalogue()}
            disabled={catalogue?.state === 'running' || notConfigured}
          >
            Sync catalogue
          </Button>
        </Group>
      </Group>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          ref={searchRef}
          label="Search products"
          data-shortcut-search
          placeholder="Name, SKU, barcode or contents — scan a barcode and press Enter"
          value={text}
          onChange={(e) => {
            setText(e.currentTarget.value);
            setScanMessage(null);
            setSelected(0);
          }}
          onKeyDown={(e) => void onSearchKey(e)}
          style={{ flex: 1, minWidth: 280 }}
          autoComplete="off"
          spellCheck={false}
        />
        <Select
          label="Status"
          placeholder="Any status"
          data={statusData}
          value={query.status}
          onChange={(status) => setQuery({ status })}
          clearable
          w={170}
        />
        <div>
          <Text size="sm" fw={500} mb={4} id="stock-level-label">
            Stock level
          </Text>
          <SegmentedControl
            aria-labelledby="stock-level-label"
            value={query.stock}
            onChange={(stock) => setQuery({ stock: stock as StockQuery['stock'] })}
            data={[
              { value: 'all', label: 'All' },
              { value: 'in', label: 'In stock' },
              { value: 'low', label: 'Low' },
              { value: 'out', label: 'Out' },
            ]}
          />
        </div>
        <MultiSelect
          label="Flags"
          placeholder="Any"
          data={FLAG_OPTIONS}
          value={query.flags}
          onChange={(flags) => setQuery({ flags: flags as FlagName[] })}
          clearable
          w={220}
        />
      </Group>
      {scanMessage && (
        <Alert color="orange" role="alert" withCloseButton onClose={() => setScanMessage(null)}>
          {scanMessage}
        </Alert>
      )}
      <StockList
        query={query}
        version={version}
        catalogue={catalogue}
        notConfigured={notConfigured}
        selected={selected}
        onSelect={setSelected}
        onSort={onSort}
        onOpen={openProduct}
        onDownload={download}
      />
      <Drawer
        opened={openId !== null}
        onClose={() => setOpenId(null)}
        position="right"
        size="md"
        title="Product"
        aria-label="Product details panel"
      >
        {openId !== null && <ProductDetailPanel key={openId} id={openId} />}
      </Drawer>
    </Stack>
  );
}

interface StockListProps {
  query: StockQuery;
  version: number;
  catalogue: CatalogueStatus | null;
  notConfigured: boolean;
  selected: number;
  onSelect(index: number): void;
  onSort(key: string): void;
  onOpen(product: ProductRow): void;
  onDownload(): void;
}

const rowTone = (p: ProductRow) => (!p.listed ? ('muted' as const) : undefined);

/** The count and the table: rows arrive here as the table scrolls, so only this part is drawn again then. */
const StockList = memo(function StockList(props: StockListProps) {
  const { query, version, catalogue, notConfigured, selected, onSelect, onSort, onOpen, onDownload } = props;
  const windows = useProductWindows(query, version);
  const total = windows.total ?? 0;
  const emptyCache = (windows.total !== null && windows.cachedProducts === 0) || catalogue?.cachedProducts === 0;
  const filtered = query.text !== '' || query.status !== null || query.stock !== 'all' || query.flags.length > 0;
  const sort = useMemo(() => ({ key: query.sort, dir: query.dir }), [query.sort, query.dir]);
  return (
    <>
      <Group justify="space-between">
        <Text size="sm" aria-live="polite" data-testid="stock-count">
          {windows.total === null ? 'Loading…' : `${count(total)} of ${count(windows.cachedProducts)} products`}
          {query.text && query.sort === 'id' ? ' · in catalogue order (click a column to sort)' : ''}
        </Text>
        {catalogue?.updatedAt ? (
          <Text size="sm" c="dimmed">
            Catalogue cached at {asOf(catalogue.updatedAt)}
          </Text>
        ) : null}
      </Group>
      {windows.error && (
        <Alert color="red" role="alert">
          {windows.error}
        </Alert>
      )}
      {notConfigured ? (
        <Alert color="gray" title="No service set up">
          Set up the connection in Settings (or try the demo data) to download the catalogue.
        </Alert>
      ) : emptyCache && !filtered ? (
        <Alert
          color="blue"
          title={
            catalogue?.state === 'running' ? 'Downloading the catalogue…' : 'The catalogue is not on this computer yet'
          }
        >
          {catalogue?.state === 'running'
            ? 'Products appear here as their pages arrive. You can keep working meanwhile.'
            : 'Download it once to search stock instantly, also when the network is down.'}
          {catalogue?.state !== 'running' && (
            <Group mt="sm">
              <Button size="xs" onClick={onDownload}>
                Download catalogue
              </Button>
            </Group>
          )}
        </Alert>
      ) : total === 0 && windows.total !== null ? (
        <NoMatches what="products" text={query.text} />
      ) : (
        <VirtualTable
          label="Products"
          columns={COLUMNS}
          rowCount={total}
          getRow={windows.getRow}
          rowKey={(p) => p.id}
          onRangeChange={windows.onRangeChange}
          sort={sort}
          onSort={onSort}
          selected={selected}
          onSelect={onSelect}
          onActivate={onOpen}
          rowTone={rowTone}
        />
      )}
    </>
  );
});
