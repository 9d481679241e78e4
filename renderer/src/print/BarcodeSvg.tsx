/**
 * A barcode as vector bars (#30.5, #30.6): one SVG rectangle per bar from shared/barcodes.ts, drawn to the width it is
 * given and never blurred (crisp edges at any printer resolution); no script, fine under the page's CSP.
 */
import type { Barcode } from '../../../shared/barcodes';
import { barRuns } from '../../../shared/barcodes';
import { t } from '../i18n';

/** Quiet zone each side, in modules (GS1 asks 9 left of an EAN-13 and 7 right; Code 128 10). */
const QUIET = 10;

export function BarcodeSvg({ code, className }: { code: Barcode; className?: string }) {
  const width = code.modules.length + 2 * QUIET;
  const height = 60;
  const guardExtra = code.guards.length > 0 ? 5 : 0;
  const inGuard = (x: number): boolean => code.guards.some(([from, to]) => x >= from && x < to);
  return (
    <svg
      className={className}
      viewBox={`0 0 ${width} ${height + guardExtra}`}
      preserveAspectRatio="none"
      shapeRendering="crispEdges"
      role="img"
      aria-label={t('sheet.barcode', { value: code.text })}
      data-format={code.format}
    >
      {barRuns(code.modules).map(([x, w]) => (
        <rect key={x} x={x + QUIET} y={0} width={w} height={inGuard(x) ? height + guardExtra : height} fill="#000" />
      ))}
    </svg>
  );
}
