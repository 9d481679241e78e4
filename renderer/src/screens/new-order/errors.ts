/** The wizard's errors: the rules, what staff typed that a draft cannot hold, and the service's own 422 messages. */
import { useMemo } from 'react';
import { countryNames } from '../../../../shared/countries';
import type { DateOrder } from '../../../../shared/dates';
import {
  fromServerErrors,
  isFieldKey,
  lineMessages,
  lineOf,
  FIRST_STEP,
  REVIEW_STEP,
  STEPS,
  stepOf,
  validateDraft,
  type FieldErrors,
  type StepName,
} from '../../../../shared/order-entry';
import type { TaxRule } from '../../../../shared/shop-rules';
import type { SimpleKey } from '../../../../shared/i18n/translate';
import { t } from '../../i18n';
import type { OpenDraft } from '../../store/wizard';

/** The wizard's steps in words, by their names in STEPS (a step moved keeps its words). */
const STEP_WORDS: Record<StepName, SimpleKey> = {
  Customer: 'wizard.step.0',
  'Delivery address': 'wizard.step.1',
  Items: 'wizard.step.2',
  'Prices and dates': 'wizard.step.3',
  'Review and send': 'wizard.step.4',
};
export const stepName = (step: number): string => t(STEP_WORDS[STEPS[step] ?? STEPS[FIRST_STEP]]);

/** Local quantity errors are kept by product ("qty:42") so they follow a line when it moves. */
export const quantityKey = (productId: number): string => `qty:${productId}`;

export interface WizardErrors {
  /** Every problem, by field key: sending is allowed only when this is empty. */
  all: FieldErrors;
  /** The service's messages that no field or line owns (as it wrote them): shown on the review step, never blocking. */
  unowned: FieldErrors;
  /**
   * What a field shows now: its error once its step was tried, or at once for typing and service messages (those
   * labelled "The service said: …").
   */
  shown(key: string): string | undefined;
  /** Steps that need attention, for the step list. */
  steps: Set<number>;
}

export function useWizardErrors(open: OpenDraft, order: DateOrder, tax: TaxRule | null): WizardErrors {
  const { data, localErrors, attempted } = open;
  return useMemo(
    () => wizardErrors({ data, localErrors, attempted }, order, tax),
    [data, localErrors, attempted, order, tax],
  );
}

/** The errors of a draft as it is now (useWizardErrors for a render; this for a decision taken later). */
export function wizardErrors(
  { data, localErrors, attempted }: Pick<OpenDraft, 'data' | 'localErrors' | 'attempted'>,
  order: DateOrder,
  tax: TaxRule | null,
): WizardErrors {
  const rules = validateDraft(data, order, countryNames(), tax, t);
  const local: FieldErrors = {};
  data.lines.forEach((line, i) => {
    const message = localErrors[quantityKey(line.productId)];
    if (message) local[`order_items.${i}.quantity`] = message;
  });
  // what was typed in a field that the draft cannot hold (an impossible date)
  for (const [key, message] of Object.entries(localErrors)) if (isFieldKey(key)) local[key] = message;
  // the service's messages: at their field or line, labelled as the service's words (as they are wherever else
  // they are shown); those no field owns are shown on the review step only, under a label of their own
  const fromService = { ...fromServerErrors(data.serverErrors), ...lineMessages(data.lines) };
  const server: FieldErrors = {};
  const unowned: FieldErrors = {};
  for (const [key, message] of Object.entries(fromService)) {
    const index = lineOf(key);
    const owned = stepOf(key) !== REVIEW_STEP && (index === null || index < data.lines.length);
    if (owned) server[key] = t('error.serviceSaid', { message });
    else unowned[key] = message;
  }
  const all = { ...rules, ...server, ...local };
  const visible = (key: string): boolean => key in local || key in server || attempted.includes(stepOf(key));
  const steps = new Set(Object.keys(all).filter(visible).map(stepOf));
  return { all, unowned, steps, shown: (key) => (visible(key) ? all[key] : undefined) };
}
