/**
 * The figures as a document for the print preview (print/PrintPreview.tsx): A4 (the lists' paper) or an 80 mm till
 * roll, black on white whatever the theme; the preview gives it its paper and @page, and prints it.
 */
import type { ResponseOf } from '../../../../shared/contract';
import { dayAndTime } from '../../components/format';
import { t } from '../../i18n';
import { FiguresBody, FiguresTotals, OnPaper } from './FiguresBody';
import { coverageText, figureNotes, rangeText } from './words';

/** The papers the figures print on: A4, or the till's 80 mm roll. */
export const FIGURES_PAPERS = ['a4', 'slip-80'] as const;
export type FiguresPaper = (typeof FIGURES_PAPERS)[number];

export function FiguresDocument({
  answer,
  paper,
  shopName,
  printed,
}: {
  answer: ResponseOf<'figures:get'>;
  paper: FiguresPaper;
  shopName: string;
  printed: number;
}) {
  const f = answer.figures;
  const coverage = coverageText(answer.coverage);
  return (
    <article className="order-sheet-print figures-sheet" data-size={paper} aria-label={t('figures.title')}>
      <header className="figures-sheet-head">
        {shopName && <div className="figures-sheet-shop">{shopName}</div>}
        <h2>{t('figures.titleRange', { range: rangeText(f) })}</h2>
        <p>{t('figures.printedAt', { time: dayAndTime(printed) })}</p>
        <p>{t('figures.timeZone', { zone: f.timeZone })}</p>
      </header>
      <p className="figures-sheet-coverage" data-warn={coverage.warn || undefined}>
        {coverage.text}
      </p>
      <OnPaper.Provider value>
        <FiguresTotals f={f} />
        <FiguresBody f={f} />
      </OnPaper.Provider>
      {figureNotes(f).map((note) => (
        <p key={note} className="figures-note">
          {note}
        </p>
      ))}
    </article>
  );
}
