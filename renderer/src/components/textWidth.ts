/**
 * How wide a text is drawn in the app's font, in pixels (a canvas measures it; 0 where there is none). For what must
 * never be cut off, whatever the language: a search box's placeholder, the Orders list's "Just sent".
 */
let context: CanvasRenderingContext2D | null | undefined;

export function textWidth(text: string, size: number, weight = 400): number {
  if (context === undefined)
    context = typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
  if (!context) return 0;
  context.font = `${weight} ${size}px ${getComputedStyle(document.body).fontFamily}`;
  return Math.ceil(context.measureText(text).width);
}

/** A select's width that shows its whole placeholder beside the field's padding and its chevron (at least `min`). */
export const selectWidth = (placeholder: string, min: number): number => Math.max(min, textWidth(placeholder, 14) + 60);
