/**
 * The stock browser: search as you type, scan a barcode (anywhere on the screen, also with a product open), filter,
 * sort, choose columns, and open any product — online or offline. The logic is useStockList's, the parts
 * StockParts'.
 */
import { Button, Drawer, Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import type { ProductRow } from '../../../../shared/domain';
import { ColumnChooser } from '../../components/ColumnChooser';
import { ListBody, ListFrame } from '../../components/ListFrame';
import { catalogueOutcomeText } from '../../components/outcomes';
import { SkippedNotice } from '../../components/SkippedNotice';
import { t } from '../../i18n';
import { useStore } from '../../store';
import { ProductDetailPanel } from './ProductDetailPanel';
import { ScanAlert, StockEmpty, StockFilters } from './StockParts';
import { useStockList } from './useStockList';
import { StockPrintActions, StockPrintNote, StockPrintPreviews } from './StockPrinting';

const rowTone = (p: ProductRow) => (!p.listed ? ('muted' as const) : undefined);
/** Instead of the list's own "no match" while a code's answer says it. */
const QUIET = <></>;

export function StockScreen() {
  const catalogue = useStore((s) => s.catalogue);
  const connection = useStore((s) => s.connection);
  const syncCatalogue = useStore((s) => s.syncCatalogue);
  const stock = useStockList();
  const { list, panel } = stock;
  const online = connection?.state === 'online';
  const notConfigured = connection?.mode === 'unconfigured';
  const running = catalogue?.state === 'running';

  const emptyState = useMemo(
    () => (
      <StockEmpty
        notConfigured={notConfigured}
        running={running}
        online={online}
        onDownload={() => void syncCatalogue()}
      />
    ),
    [notConfigured, running, online, syncCatalogue],
  );
  const scanAlert = <ScanAlert message={stock.scanMessage} onDismiss={stock.dismissScan} />;

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
          <StockPrintActions printing={stock.printing} />
          <ColumnChooser columns={list.allColumns} shown={list.shownKeys} onChange={list.setColumns} />
        </>
      }
      search={{
        ...list.search,
        label: t('stock.search'),
        placeholder: t('stock.searchPlaceholder'),
        onKeyDown: stock.onSearchKey,
        scanInput: true,
      }}
      searchRef={list.searchRef}
      filters={
        <StockFilters
          query={stock.query}
          setQuery={stock.setQuery}
          statusData={stock.statusData}
          flagOptions={stock.flagOptions}
        />
      }
      notices={
        panel.openId === null ? (
          <>
            {scanAlert}
            <StockPrintNote printing={stock.printing} />
          </>
        ) : null
      }
    >
      <StockPrintPreviews printing={stock.printing} />
      <ListBody
        {...stock.body}
        kind="products"
        rowTone={rowTone}
        onOpen={panel.open}
        age={catalogue?.updatedAt ?? null}
        filtered={stock.filtered}
        emptyState={emptyState}
        arriving={running}
        noMatch={stock.quietNoMatch ? QUIET : undefined}
      />
      <Drawer
        opened={panel.openId !== null}
        onClose={panel.close}
        // the focus goes back to what opened the panel, or to the search box when that is gone (never the page)
        returnFocus={false}
        onExitTransitionEnd={panel.giveFocusBack}
        position="right"
        size="md"
        title={t('items.product')}
        closeButtonProps={{ 'aria-label': t('stock.closeProduct') }}
      >
        <Stack gap="sm">
          {panel.openId !== null && scanAlert}
          {panel.openId !== null && <ProductDetailPanel key={panel.openId} id={panel.openId} />}
        </Stack>
      </Drawer>
    </ListFrame>
  );
}
