/**
 * Shelf labels (#30.5): the products chosen on Stock as labels — name, price in the shop's currency, SKU and the
 * product's bar code as vector bars (its SKU in Code 128 when it has none) — placed by shared/labels.ts on an A4
 * sheet (3 × 8, 3 × 7, 2 × 7; from a start place on a half-used sheet) or a 58/62 mm label roll, copies per product.
 */
import { Alert, Checkbox, Group, NumberInput, ScrollArea, Select, Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { barcodeOf } from '../../../shared/barcodes';
import type { ProductRow } from '../../../shared/domain';
import { LABEL_LAYOUTS, LAYOUTS, MAX_COPIES, perPage, planLabels, type LabelLayoutId } from '../../../shared/labels';
import { labelPaper } from '../../../shared/print';
import { money } from '../components/format';
import { t } from '../i18n';
import { useStore } from '../store';
import { BarcodeSvg } from './BarcodeSvg';
import { PrintPreview } from './PrintPreview';
import { labelLayoutText } from './words';

/** Pages drawn in the preview (all of them print). */
const PREVIEW_PAGES = 3;

function Label({ product, widthMm, heightMm, xMm, yMm }: LabelBox & { product: ProductRow }) {
  const code = barcodeOf(product.barcode) ?? barcodeOf(product.sku, 'CODE128');
  return (
    <div
      className="shelf-label"
      style={{ left: `${xMm}mm`, top: `${yMm}mm`, width: `${widthMm}mm`, height: `${heightMm}mm` }}
      aria-label={product.name}
    >
      <div className="label-name">{product.name || t('orders.noName')}</div>
      <div className="label-row">
        <span className="label-price">{money(product.price)}</span>
        {product.sku && <span className="label-sku">{product.sku}</span>}
      </div>
      {code && (
        <div className="label-code">
          <BarcodeSvg code={code} className="label-bars" />
          <div className="label-code-text">{code.text}</div>
        </div>
      )}
    </div>
  );
}

interface LabelBox {
  widthMm: number;
  heightMm: number;
  xMm: number;
  yMm: number;
}

export function LabelPages({
  layout: id,
  chosen,
  start,
  limit,
}: {
  layout: LabelLayoutId;
  chosen: { item: ProductRow; copies: number }[];
  start: number;
  limit?: number;
}) {
  const layout = LAYOUTS[id];
  const { pages } = useMemo(() => planLabels(layout, chosen, start), [layout, chosen, start]);
  return (
    <>
      {pages.slice(0, limit).map((labels, n) => (
        <div
          key={n}
          className="label-page"
          style={{ width: `${layout.page.widthMm}mm`, height: `${layout.page.heightMm}mm` }}
          aria-label={t('labels.page', { page: n + 1, pages: pages.length })}
          role="group"
        >
          {labels.map((l) => (
            <Label
              key={`${l.position}-${l.item.id}`}
              product={l.item}
              xMm={l.xMm}
              yMm={l.yMm}
              widthMm={layout.label.widthMm}
              heightMm={layout.label.heightMm}
            />
          ))}
        </div>
      ))}
    </>
  );
}

export function ShelfLabelsPreview({
  onClose,
  products,
  total,
}: {
  onClose(): void;
  /** The products filtered on Stock (the first of them, at most the list's limit). */
  products: ProductRow[];
  /** How many the filter matched. */
  total: number;
}) {
  const printing = useStore((s) => s.ui.printing);
  const setUi = useStore((s) => s.setUi);
  const layoutId = printing.labels;
  const layout = LAYOUTS[layoutId];
  const [start, setStart] = useState(1);
  // every filtered product once, to begin with (the screen draws this only while it is open)
  const [copies, setCopies] = useState<Record<number, number>>(() =>
    Object.fromEntries(products.map((p) => [p.id, 1])),
  );
  const chosen = useMemo(
    () => products.map((item) => ({ item, copies: copies[item.id] ?? 0 })).filter((c) => c.copies > 0),
    [products, copies],
  );
  const plan = useMemo(() => planLabels(layout, chosen, start), [layout, chosen, start]);
  const labels = plan.pages.reduce((n, p) => n + p.length, 0);
  const allOn = products.length > 0 && products.every((p) => (copies[p.id] ?? 0) > 0);

  const options = (
    <>
      <Select
        label={t('labels.layout')}
        data={LABEL_LAYOUTS.map((id) => ({ value: id, label: labelLayoutText(id) }))}
        value={layoutId}
        allowDeselect={false}
        onChange={(value) => value && setUi({ printing: { ...printing, labels: value as LabelLayoutId } })}
        w={220}
      />
      {layout.kind === 'sheet' && (
        <NumberInput
          label={t('labels.start')}
          description={t('labels.startHelp', { places: perPage(layout) })}
          value={start}
          min={1}
          max={perPage(layout)}
          allowDecimal={false}
          clampBehavior="strict"
          onChange={(value) => setStart(Math.min(perPage(layout), Math.max(1, Number(value) || 1)))}
          w={200}
        />
      )}
    </>
  );

  const note = (
    <Stack gap={6}>
      <Group justify="space-between">
        <Checkbox
          label={t('labels.all', { count: products.length })}
          checked={allOn}
          indeterminate={!allOn && chosen.length > 0}
          onChange={(e) => setCopies(Object.fromEntries(products.map((p) => [p.id, e.currentTarget.checked ? 1 : 0])))}
        />
        <Text size="sm" data-testid="labels-count">
          {t('labels.count', { labels, pages: plan.pages.length })}
        </Text>
      </Group>
      {total > products.length && (
        <Text size="sm" c="dimmed">
          {t('labels.firstOnly', { shown: products.length, total })}
        </Text>
      )}
      {plan.leftOut > 0 && (
        <Alert color="orange" role="alert">
          {t('labels.leftOut', { count: plan.leftOut })}
        </Alert>
      )}
      <ScrollArea.Autosize mah={170} type="auto">
        <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('labels.products')}>
          {products.map((p) => (
            <Group key={p.id} component="li" gap="sm" wrap="nowrap">
              <Checkbox
                checked={(copies[p.id] ?? 0) > 0}
                onChange={(e) => setCopies({ ...copies, [p.id]: e.currentTarget.checked ? 1 : 0 })}
                aria-label={t('labels.choose', { name: p.name })}
              />
              <NumberInput
                size="xs"
                w={80}
                min={0}
                max={MAX_COPIES}
                allowDecimal={false}
                clampBehavior="strict"
                value={copies[p.id] ?? 0}
                onChange={(value) => setCopies({ ...copies, [p.id]: Math.max(0, Number(value) || 0) })}
                aria-label={t('labels.copies', { name: p.name })}
              />
              <Text size="sm" truncate>
                {p.name} · {p.sku} · {money(p.price)}
              </Text>
            </Group>
          ))}
        </Stack>
      </ScrollArea.Autosize>
      {plan.pages.length > PREVIEW_PAGES && (
        <Text size="sm" c="dimmed">
          {t('labels.previewShows', { shown: PREVIEW_PAGES, pages: plan.pages.length })}
        </Text>
      )}
    </Stack>
  );

  return (
    <PrintPreview
      opened
      onClose={onClose}
      title={t('labels.title')}
      document="labels"
      paper={labelPaper(layoutId)}
      options={options}
      note={note}
      mode="pages"
      empty={labels === 0}
      preview={<LabelPages layout={layoutId} chosen={chosen} start={start} limit={PREVIEW_PAGES} />}
    >
      <LabelPages layout={layoutId} chosen={chosen} start={start} />
    </PrintPreview>
  );
}
