/**
 * Today's parts, drawn from what useDayFigures holds: the title with Refresh, Print and CSV, the days chosen, how
 * complete and how fresh the book is for them, and the print preview on A4 or the till's roll.
 */
import { Alert, Button, Group, Loader, Text, Title } from '@mantine/core';
import { IconDownload, IconPrinter, IconRefresh } from '@tabler/icons-react';
import { LIST_PAPER, SHEET_PAPER } from '../../../../shared/print';
import { call } from '../../bridge';
import { age, dayAndTime } from '../../components/format';
import { LabelledChoice } from '../../components/LabelledChoice';
import { t } from '../../i18n';
import { PrintPreview } from '../../print/PrintPreview';
import { sheetSizeText } from '../../print/words';
import { DayFilter } from '../../components/DayFilter';
import { FIGURES_PAPERS, FiguresDocument, type FiguresPaper } from './FiguresDocument';
import { isoToday, presetRange, PRESETS } from './range';
import type { DayFigures, FiguresAnswer } from './useDayFigures';
import { coverageText } from './words';

/** The title, and Refresh, Print and CSV (the last two once there are figures). */
export function FiguresHeader({
  title,
  figures,
  onPrint,
}: {
  title: string;
  figures: DayFigures;
  onPrint: () => void;
}) {
  const { answer, refreshing, exportCsv } = figures;
  const f = answer?.figures ?? null;
  return (
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
          onClick={onPrint}
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
  );
}

/**
 * The days: a preset, or from and to, with a spinner while their figures are worked out. Each under its label, the
 * three lined up by their tops: a day that is not one says so under its field without moving the others.
 */
export function FiguresDays({ figures }: { figures: DayFigures }) {
  const { setRange, preset, loading } = figures;
  return (
    <Group gap="sm" align="flex-start" wrap="wrap">
      <LabelledChoice
        size="xs"
        label={t('figures.presets')}
        value={preset ?? ''}
        onChange={(value) => setRange(presetRange(value as (typeof PRESETS)[number]))}
        data={PRESETS.map((p) => ({ value: p, label: t(`figures.preset.${p}`) }))}
      />
      <DayField end="from" figures={figures} />
      <DayField end="to" figures={figures} />
      {loading && <Loader size="xs" aria-label={t('figures.loading')} className="figures-days-loader" />}
    </Group>
  );
}

/** The first or last of the days: a day field that, cleared, goes back to today. */
function DayField({ end, figures }: { end: 'from' | 'to'; figures: DayFigures }) {
  const { range, setRange } = figures;
  return (
    <DayFilter
      label={t(`figures.${end}`)}
      clearLabel={t(end === 'from' ? 'figures.clearFrom' : 'figures.clearTo')}
      value={range[end]}
      onChange={(day) => setRange((r) => ({ ...r, [end]: day ?? isoToday() }))}
      w={150}
    />
  );
}

/** Whether the book is complete for these days (a warning when not), when it was read, and in which time zone. */
export function FiguresFreshness({ answer }: { answer: FiguresAnswer }) {
  const coverage = coverageText(answer.coverage);
  return (
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
  );
}

/** The figures' print preview, on A4 or the roll (a choice inside it). */
export function FiguresPreview({
  title,
  answer,
  shopName,
  preview,
  onPaper,
  onClose,
}: {
  title: string;
  answer: FiguresAnswer;
  shopName: string;
  preview: { paper: FiguresPaper; printed: number };
  onPaper: (paper: FiguresPaper) => void;
  onClose: () => void;
}) {
  return (
    <PrintPreview
      opened
      onClose={onClose}
      title={title}
      // A4 goes to the lists' printer, the roll to the till's (order sheets and slips: Settings → Printing)
      document={preview.paper === 'a4' ? 'lists' : 'orderSheet'}
      paper={preview.paper === 'a4' ? LIST_PAPER : SHEET_PAPER[preview.paper]}
      options={
        <LabelledChoice
          label={t('print.paper')}
          value={preview.paper}
          onChange={onPaper}
          data={FIGURES_PAPERS.map((paper) => ({ value: paper, label: sheetSizeText(paper) }))}
        />
      }
    >
      <FiguresDocument answer={answer} paper={preview.paper} shopName={shopName} printed={preview.printed} />
    </PrintPreview>
  );
}
