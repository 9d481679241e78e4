/**
 * The figures on paper: A4, or an 80 mm till roll as long as its content. Outside the app's frame (print.css shows
 * only it), rendered only while printing; its own @page sets the paper (Chromium follows a page's @page size when
 * printing and when making a PDF).
 */
import { useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import type { ResponseOf } from '../../../../shared/contract';
import { dayAndTime } from '../../components/format';
import { t } from '../../i18n';
import { useStore } from '../../store';
import { FiguresBody, FiguresTotals } from './FiguresBody';
import { coverageText, figureNotes, rangeText } from './words';

export type PaperSize = 'a4' | 'roll';

/** Margins of the roll (mm): most 80 mm printers print 72 mm of it. */
const ROLL_MARGIN_MM = 4;
const MM_PER_PX = 25.4 / 96;

export function FiguresPrint({
  answer,
  size,
  printed,
}: {
  answer: ResponseOf<'figures:get'>;
  size: PaperSize;
  printed: number;
}) {
  const shop = useStore((s) => s.shop);
  const ref = useRef<HTMLElement>(null);
  const [heightMm, setHeightMm] = useState<number | null>(null);
  // the roll is as long as what is on it: measured once laid out (at the roll's width), then given to @page
  useLayoutEffect(() => {
    if (size !== 'roll' || !ref.current) return;
    const px = ref.current.scrollHeight;
    if (px > 0) setHeightMm(Math.ceil(px * MM_PER_PX) + 2 * ROLL_MARGIN_MM + 2);
  }, [size, answer, printed]);
  const page =
    size === 'a4'
      ? '@page { size: A4 portrait; margin: 12mm 12mm 14mm; }'
      : `@page { size: 80mm ${heightMm ?? 297}mm; margin: ${ROLL_MARGIN_MM}mm; }`;
  const f = answer.figures;
  const coverage = coverageText(answer.coverage);
  return createPortal(
    <article
      ref={ref}
      className="figures-print"
      data-size={size}
      aria-label={t('figures.title')}
      data-measured={size === 'roll' ? (heightMm ?? 0) : undefined}
    >
      <style>{page}</style>
      <header className="figures-print-head">
        {shop.name && <div className="figures-print-shop">{shop.name}</div>}
        <h2>{t('figures.titleRange', { range: rangeText(f) })}</h2>
        <p>{t('figures.printedAt', { time: dayAndTime(printed) })}</p>
        <p>{t('figures.timeZone', { zone: f.timeZone })}</p>
      </header>
      <p className="figures-print-coverage" data-warn={coverage.warn || undefined}>
        {coverage.text}
      </p>
      <FiguresTotals f={f} />
      <FiguresBody f={f} />
      {figureNotes(f).map((note) => (
        <p key={note} className="figures-note">
          {note}
        </p>
      ))}
    </article>,
    document.body,
  );
}
