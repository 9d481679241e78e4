/**
 * Settings → Printing (#30.6) and the low-stock threshold (#30.4), per computer: the paper order sheets print on (A4
 * or the till printer's 80 or 58 mm roll) and, in the desktop app, the printer each kind of document goes to (the
 * browser host prints through the browser's dialog, where the printer is chosen). Kept with the screen preferences by
 * the core.
 */
import { NumberInput, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { LabelledChoice } from '../../components/LabelledChoice';
import { PRINT_DOCUMENTS, SHEET_SIZES, type PrinterList } from '../../../../shared/print';
import { call } from '../../bridge';
import { t } from '../../i18n';
import { documentText, sheetSizeText } from '../../print/words';
import { useStore } from '../../store';

export function PrintingSettings() {
  const printing = useStore((s) => s.ui.printing);
  const setUi = useStore((s) => s.setUi);
  const [printers, setPrinters] = useState<PrinterList | null>(null);
  useEffect(() => {
    void call('print:printers', {}).then(setPrinters, () => setPrinters({ available: false, printers: [] }));
  }, []);
  const data = [
    { value: '', label: t('print.systemDefault') },
    ...(printers?.printers ?? []).map((p) => ({ value: p.name, label: p.displayName })),
    // a printer chosen earlier that is not there now stays shown, by its name
    ...Object.values(printing.printers)
      .filter((name): name is string => name !== null && !printers?.printers.some((p) => p.name === name))
      .filter((name, i, all) => all.indexOf(name) === i)
      .map((name) => ({ value: name, label: t('settings.printing.missing', { printer: name }) })),
  ];
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-label={t('settings.printing')}>
      <Stack gap="sm">
        <Title order={2} fz="h3">
          {t('settings.printing')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('settings.printing.help')}
        </Text>
        <LabelledChoice
          label={t('settings.printing.sheet')}
          value={printing.orderSheet}
          onChange={(size) => setUi({ printing: { ...printing, orderSheet: size } })}
          data={SHEET_SIZES.map((size) => ({ value: size, label: sheetSizeText(size) }))}
        />
        {printers?.available ? (
          PRINT_DOCUMENTS.map((document) => (
            <Select
              key={document}
              label={t('settings.printing.printerFor', { document: documentText(document) })}
              data={data}
              value={printing.printers[document] ?? ''}
              allowDeselect={false}
              onChange={(value) =>
                setUi({ printing: { ...printing, printers: { ...printing.printers, [document]: value || null } } })
              }
              maw={360}
            />
          ))
        ) : printers ? (
          <Text size="sm">{t('settings.printing.browser')}</Text>
        ) : null}
      </Stack>
    </Paper>
  );
}

/** Settings → Stock: how few available counts as low (the stock figures' marks and "Low or out"). */
export function StockSettings() {
  const lowStock = useStore((s) => s.ui.lowStock);
  const setUi = useStore((s) => s.setUi);
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-label={t('settings.stock')}>
      <Stack gap="xs">
        <Title order={2} fz="h3">
          {t('settings.stock')}
        </Title>
        <NumberInput
          label={t('settings.stock.lowStock')}
          description={t('settings.stock.lowStockHelp')}
          value={lowStock}
          min={0}
          max={1_000_000}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="strict"
          onChange={(value) => {
            const n = typeof value === 'number' ? value : Number(value);
            if (Number.isSafeInteger(n) && n >= 0 && n <= 1_000_000) setUi({ lowStock: n });
          }}
          // the field narrow, its description the section's width (at 240 px it ran to four lines in German)
          styles={{ wrapper: { maxWidth: 240 } }}
        />
      </Stack>
    </Paper>
  );
}
