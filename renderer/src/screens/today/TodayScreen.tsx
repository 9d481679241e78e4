/**
 * Today (#30.3): the day's figures — or a range's — from the order book on this computer: orders and amounts, by status,
 * hour and day, the orders this desk sent, the top products; when the book was read and whether it is complete for
 * these days; printed on A4 or an 80 mm roll, or saved as CSV. A screen of its own rather than the Orders summary opened
 * full: the summary is a strip that folds away on small windows and filters the list, while these figures are a
 * document to read, print and hand over, with controls (days, paper, CSV) the list has no room for.
 */
import { Alert, Button, Group, Loader, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconPrinter, IconRefresh } from '@tabler/icons-react';
import { useCallback, useEffect, useState } from 'react';
import type { ResponseOf } from '../../../../shared/contract';
import { MAX_RANGE_DAYS, daysBetween } from '../../../../shared/zoned-days';
import { LIST_PAPER, SHEET_PAPER } from '../../../../shared/print';
import { call } from '../../bridge';
import { age, dayAndTime } from '../../components/format';
import { LabelledChoice } from '../../components/LabelledChoice';
import { CSV_TYPE, saveFile } from '../../components/saveFile';
import { errorText } from '../../errors';
import { t } from '../../i18n';
import { PrintPreview } from '../../print/PrintPreview';
import { sheetSizeText } from '../../print/words';
import { useStore } from '../../store';
import { DayFilter } from '../orders/DayFilter';
import { figuresCsv } from './figuresCsv';
import { FiguresBody, FiguresTotals } from './FiguresBody';
import { FIGURES_PAPERS, FiguresDocument, type FiguresPaper } from './FiguresDocument';
import { isoToday, presetOf, presetRange, PRESETS, type DayRange } from './range';
import { coverageText, figureNotes, rangeText } from './words';
import './today.css';

type Answer = ResponseOf<'figures:get'>;

export function TodayScreen() {
  const [range, setRange] = useState<DayRange>(() => presetRange('today'));
  /** The last answer (kept while the next is worked out) and which days and book revision it was for. */
  const [result, setResult] = useState<{ key: string; answer: Answer | null; failed: string | null } | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  /** The print preview, on this paper; null: closed. The till's roll when this computer prints its order sheets there. */
  const sheetPaper = useStore((s) => s.ui.printing.orderSheet);
  const shopName = useStore((s) => s.shop.name);
  const [preview, setPreview] = useState<{ paper: FiguresPaper; printed: number } | null>(null);
  const openPreview = (): void =>
    setPreview({ paper: sheetPaper === 'slip-80' ? 'slip-80' : 'a4', printed: Date.now() });
  // the book changed (a refresh, an order sent): the figures are worked out again
  const revision = useStore((s) => s.orders?.revision ?? 0);
  const refreshing = useStore((s) => s.orders?.state === 'running');
  const tooLong = range.from > range.to || daysBetween(range.from, range.to).length > MAX_RANGE_DAYS;
  const key = `${range.from}|${range.to}|${revision}`;

  useEffect(() => {
    if (tooLong) return;
    let current = true;
    call('figures:get', { from: range.from, to: range.to }).then(
      (value) => current && setResult({ key, answer: value, failed: null }),
      (error: unknown) =>
        current && setResult((r) => ({ key, answer: r?.answer ?? null, failed: errorText(error, 'figures.failed') })),
    );
    return () => {
      current = false;
    };
  }, [key, range.from, range.to, tooLong]);
  const answer = result?.answer ?? null;
  const failed = result?.failed ?? null;
  const loading = !tooLong && result?.key !== key;

  const exportCsv = useCallback(() => {
    if (!answer) return;
    const file = `shopdesk-${t('figures.csvFile')}-${answer.figures.from}${answer.figures.to === answer.figures.from ? '' : `-${answer.figures.to}`}.csv`;
    saveFile(figuresCsv(answer), file, CSV_TYPE);
    setSaved(t('figures.csvDone', { file }));
  }, [answer]);

  const preset = presetOf(range);
  const f = answer?.figures ?? null;
  const coverage = answer ? coverageText(answer.coverage) : null;
  const title = preset === 'today' ? t('figures.title') : t('figures.titleRange', { range: rangeText(range) });

  return (
    <Stack gap="sm" className="figures-screen">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Title order={1} fz="h2">
          {title}
        </Title>
        <Group gap="xs" wrap="wrap">
          <Button
            size="xs"
            variant="default"
            leftSection={<IconRefresh size={16} aria-hidden />}
            loading={refreshing}
            onClick={() => void call('orders:refresh', {}).catch(() => undefined)}
          >
            {t('figures.refresh')}
          </Button>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconPrinter size={16} aria-hidden />}
            disabled={!f}
            onClick={openPreview}
          >
            {t('figures.print')}
          </Button>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
            disabled={!f}
            onClick={exportCsv}
          >
            {t('figures.csv')}
          </Button>
        </Group>
      </Group>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <SegmentedControl
          size="xs"
          aria-label={t('figures.presets')}
          value={preset ?? ''}
          onChange={(value) => setRange(presetRange(value as (typeof PRESETS)[number]))}
          data={PRESETS.map((p) => ({ value: p, label: t(`figures.preset.${p}`) }))}
        />
        <DayFilter
          label={t('figures.from')}
          clearLabel={t('figures.clearDay')}
          value={range.from}
          onChange={(day) => setRange((r) => ({ ...r, from: day ?? isoToday() }))}
          w={150}
        />
        <DayFilter
          label={t('figures.to')}
          clearLabel={t('figures.clearDay')}
          value={range.to}
          onChange={(day) => setRange((r) => ({ ...r, to: day ?? isoToday() }))}
          w={150}
        />
        {loading && <Loader size="xs" aria-label={t('figures.loading')} />}
      </Group>
      {tooLong && (
        <Alert color="orange.9" role="alert">
          {t('figures.tooLong')}
        </Alert>
      )}
      {failed && (
        <Alert color="red" role="alert">
          {failed}
        </Alert>
      )}
      {answer && coverage && (
        <>
          {coverage.warn ? (
            <Alert
              color="orange.9"
              title={t('figures.coverage.title')}
              data-testid="figures-coverage"
              data-state={answer.coverage.state}
            >
              {coverage.text}
            </Alert>
          ) : (
            <Text size="sm" c="dimmed" data-testid="figures-coverage" data-state={answer.coverage.state}>
              {coverage.text}
            </Text>
          )}
          <Text size="sm" c="dimmed" data-testid="figures-cached">
            {answer.cachedAt === null
              ? t('figures.cachedNever')
              : t('figures.cachedAt', {
                  age: age(answer.cachedAt),
                  time: dayAndTime(answer.cachedAt),
                  count: answer.cachedOrders,
                })}{' '}
            {t('figures.timeZone', { zone: answer.figures.timeZone })}
          </Text>
        </>
      )}
      {f && (
        <>
          <FiguresTotals f={f} />
          {f.orders === 0 && <Text c="dimmed">{t('figures.empty')}</Text>}
          <FiguresBody f={f} />
          {figureNotes(f).map((note) => (
            <Text key={note} size="sm" c="dimmed">
              {note}
            </Text>
          ))}
        </>
      )}
      {saved && (
        <Text size="sm" role="status">
          {saved}
        </Text>
      )}
      {answer && preview && (
        <PrintPreview
          opened
          onClose={() => setPreview(null)}
          title={title}
          // A4 goes to the lists' printer, the roll to the till's (order sheets and slips: Settings → Printing)
          document={preview.paper === 'a4' ? 'lists' : 'orderSheet'}
          paper={preview.paper === 'a4' ? LIST_PAPER : SHEET_PAPER[preview.paper]}
          options={
            <LabelledChoice
              label={t('print.paper')}
              value={preview.paper}
              onChange={(paper) => setPreview((p) => p && { ...p, paper })}
              data={FIGURES_PAPERS.map((paper) => ({ value: paper, label: sheetSizeText(paper) }))}
            />
          }
        >
          <FiguresDocument answer={answer} paper={preview.paper} shopName={shopName} printed={preview.printed} />
        </PrintPreview>
      )}
    </Stack>
  );
}
