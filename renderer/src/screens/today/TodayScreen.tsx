/**
 * Today (#30.3): the day's figures — or a range's — from the order book on this computer: orders and amounts, by status,
 * hour and day, the orders this desk sent, the top products; when the book was read and whether it is complete for
 * these days; printed on A4 or an 80 mm roll, or saved as CSV. A screen of its own rather than the Orders summary opened
 * full: the summary is a strip that folds away on small windows and filters the list, while these figures are a
 * document to read, print and hand over, with controls (days, paper, CSV) the list has no room for.
 */
import { Alert, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { t } from '../../i18n';
import { useStore } from '../../store';
import { FiguresBody, FiguresTotals } from './FiguresBody';
import type { FiguresPaper } from './FiguresDocument';
import { FiguresDays, FiguresFreshness, FiguresHeader, FiguresPreview } from './TodayParts';
import { useDayFigures } from './useDayFigures';
import { figureNotes, rangeText } from './words';
import './today.css';

export function TodayScreen() {
  const figures = useDayFigures();
  const { range, preset, answer, failed, tooLong, saved } = figures;
  /** The print preview, on this paper; null: closed. The till's roll when this computer prints its order sheets there. */
  const sheetPaper = useStore((s) => s.ui.printing.orderSheet);
  const shopName = useStore((s) => s.shop.name);
  const [preview, setPreview] = useState<{ paper: FiguresPaper; printed: number } | null>(null);
  const openPreview = (): void =>
    setPreview({ paper: sheetPaper === 'slip-80' ? 'slip-80' : 'a4', printed: Date.now() });

  const f = answer?.figures ?? null;
  const title = preset === 'today' ? t('figures.title') : t('figures.titleRange', { range: rangeText(range) });

  return (
    <Stack gap="sm" className="figures-screen">
      <FiguresHeader title={title} figures={figures} onPrint={openPreview} />
      <FiguresDays figures={figures} />
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
      {answer && <FiguresFreshness answer={answer} />}
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
        <FiguresPreview
          title={title}
          answer={answer}
          shopName={shopName}
          preview={preview}
          onPaper={(paper) => setPreview((p) => p && { ...p, paper })}
          onClose={() => setPreview(null)}
        />
      )}
    </Stack>
  );
}
