/**
 * A new step of the wizard starts at its first field, or at its heading when it has none (the review step puts the
 * focus on "Send order" itself). "Order again" opens at Items with the first line's quantity ready to be typed over (a
 * scan there is still a scan).
 */
import { useEffect, useRef, type RefObject } from 'react';
import { useLocation } from 'react-router';
import { ITEMS_STEP, REVIEW_STEP } from '../../../../shared/order-entry';
import type { WizardEntry } from './start';

export function useStepFocus(
  step: number,
  formRef: RefObject<HTMLFormElement | null>,
  headingRef: RefObject<HTMLHeadingElement | null>,
): void {
  // "Order again" opens at Items with the first line's quantity ready to be typed over (a scan there is still a scan)
  const entry = useLocation().state as WizardEntry | null;
  const quantityFirst = useRef(entry?.focus === 'quantity' && step === ITEMS_STEP);
  // A new step starts at its first field (or its heading on the review page).
  useEffect(() => {
    const form = formRef.current;
    if (quantityFirst.current) {
      quantityFirst.current = false;
      const quantity = form?.querySelector<HTMLInputElement>('input[id^="quantity-"]');
      if (quantity) return void (quantity.focus(), quantity.select());
    }
    const first = form?.querySelector<HTMLElement>('[data-autofocus], input:not([type=hidden]), textarea');
    if (step === REVIEW_STEP) return; // the review step puts the focus on "Send order" itself
    if (first) first.focus();
    else headingRef.current?.focus();
  }, [step, formRef, headingRef]);
}
