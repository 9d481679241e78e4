/** The wizard's errors: the rules, what staff typed that a draft cannot hold, and the service's own 422 messages. */
import { useMemo } from 'react';
import { countryNames } from '../../../../shared/countries';
import type { DateOrder } from '../../../../shared/dates';
import {
  fromServerErrors,
  stepOf,
  validateDraft,
  type FieldErrors,
  type TaxRule,
} from '../../../../shared/order-entry';
import type { OpenDraft } from '../../store/wizard';

/** Local quantity errors are kept by product ("qty:42") so they follow a line when it moves. */
export const quantityKey = (productId: number): string => `qty:${productId}`;

export interface WizardErrors {
  /** Every problem, by field key: sending is allowed only when this is empty. */
  all: FieldErrors;
  /** What a field shows now: its error once its step was tried, or at once for typing and service messages. */
  shown(key: string): string | undefined;
  /** Steps that need attention, for the step list. */
  steps: Set<number>;
}

export function useWizardErrors(open: OpenDraft, order: DateOrder, tax: TaxRule | null): WizardErrors {
  return useMemo(() => {
    const rules = validateDraft(open.data, order, countryNames(), tax);
    const local: FieldErrors = {};
    open.data.lines.forEach((line, i) => {
      const message = open.localErrors[quantityKey(line.productId)];
      if (message) local[`order_items.${i}.quantity`] = message;
    });
    const server = fromServerErrors(open.data.serverErrors);
    const all = { ...rules, ...server, ...local };
    const visible = (key: string): boolean => key in local || key in server || open.attempted.includes(stepOf(key));
    const steps = new Set(Object.keys(all).filter(visible).map(stepOf));
    return { all, steps, shown: (key) => (visible(key) ? all[key] : undefined) };
  }, [open.data, open.localErrors, open.attempted, order, tax]);
}
