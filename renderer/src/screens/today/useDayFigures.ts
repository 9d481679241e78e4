/**
 * Today's logic: the days chosen (a preset or from–to), their figures asked of the core again whenever the order book
 * changes (the last answer kept while the next is worked out), and the CSV of them saved.
 */
import { useCallback, useEffect, useState } from 'react';
import type { ResponseOf } from '../../../../shared/contract';
import { MAX_RANGE_DAYS, daysBetween } from '../../../../shared/zoned-days';
import { call } from '../../bridge';
import { CSV_TYPE, saveFile } from '../../components/saveFile';
import { errorText } from '../../errors';
import { t } from '../../i18n';
import { useStore } from '../../store';
import { figuresCsv } from './figuresCsv';
import { presetOf, presetRange, type DayRange } from './range';

export type FiguresAnswer = ResponseOf<'figures:get'>;

export function useDayFigures() {
  const [range, setRange] = useState<DayRange>(() => presetRange('today'));
  /** The last answer (kept while the next is worked out) and which days and book revision it was for. */
  const [result, setResult] = useState<{ key: string; answer: FiguresAnswer | null; failed: string | null } | null>(
    null,
  );
  const [saved, setSaved] = useState<string | null>(null);
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

  return {
    range,
    setRange,
    preset: presetOf(range),
    answer,
    failed,
    loading,
    tooLong,
    refreshing,
    saved,
    exportCsv,
  };
}

export type DayFigures = ReturnType<typeof useDayFigures>;
