/**
 * How the wizard moves between its steps: a step in the list (or Back) goes there, Next (or Enter) goes on when the
 * step is done (else its first error takes the focus), Ctrl/Cmd+Enter goes straight to the review (or to the first
 * step that is not done), and Next or Ctrl+Enter pressed while a scanned code is still being looked up waits for its
 * line (`waiting`: the button says so).
 */
import { useCallback, useEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import {
  errorsForStep,
  firstStepWithError,
  FIRST_STEP,
  ITEMS_STEP,
  REVIEW_STEP,
  STEPS,
  type FieldErrors,
} from '../../../../shared/order-entry';
import { taxRuleOf } from '../../../../shared/shop-rules';
import { useStore } from '../../store';
import { selectDateOrder } from '../../store/orders';
import { wizardErrors, type WizardErrors } from './errors';
import type { WizardScans } from './useWizardScans';

export function useStepNavigation({
  id,
  step,
  scans,
  errors,
  formRef,
}: {
  id: string;
  step: number;
  scans: WizardScans;
  errors: WizardErrors;
  formRef: RefObject<HTMLFormElement | null>;
}): { goTo: (next: number) => void; onSubmit: (event: FormEvent) => void; waiting: boolean } {
  const setStep = useStore((s) => s.setStep);
  const markAttempted = useStore((s) => s.markAttempted);

  const goTo = (next: number): void => {
    markAttempted(step);
    setStep(Math.max(FIRST_STEP, Math.min(REVIEW_STEP, next)));
  };

  // Next, or Ctrl+Enter, pressed while a scanned code is still being looked up waits for its line (the button says
  // so), then decides on the draft as it is then; a code that added nothing keeps the wizard here with its reason
  const [waiting, setWaiting] = useState(false);
  const waitFor = useRef(0);
  const { busy: scanBusy, settled: scansSettled } = scans;
  const afterScans = useCallback(
    (decide: (now: WizardErrors) => void): void => {
      const token = ++waitFor.current;
      setWaiting(true);
      void scansSettled().then((ok) => {
        if (token !== waitFor.current) return; // a later Next or Ctrl+Enter decides
        setWaiting(false);
        const state = useStore.getState();
        if (state.wizard?.id !== id || state.wizard.step !== step) return; // staff went elsewhere meanwhile
        if (!ok) {
          formRef.current?.querySelector<HTMLElement>('[data-scan-input]')?.focus();
          return;
        }
        decide(wizardErrors(state.wizard, selectDateOrder(state), taxRuleOf(state.shop)));
      });
    },
    [scansSettled, id, step, formRef],
  );

  /** Straight to the review when every step is done, else to the first that is not. */
  const toReview = useCallback(
    (all: FieldErrors): void => {
      markAttempted(...STEPS.map((_, i) => i).filter((i) => i !== REVIEW_STEP));
      const first = firstStepWithError(all);
      setStep(first === null ? REVIEW_STEP : first);
    },
    [markAttempted, setStep],
  );

  // Ctrl/Cmd+Enter before the review (on the review step itself it sends: ReviewStep listens there)
  useEffect(() => {
    if (step === REVIEW_STEP) return;
    const onKey = (event: KeyboardEvent): void => {
      if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey) || event.defaultPrevented) return;
      event.preventDefault();
      if (scanBusy()) afterScans((now) => toReview(now.all));
      else toReview(errors.all);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [step, errors.all, toReview, afterScans, scanBusy]);

  /** Next: the following step when this one is done, else its errors shown and the first one focused. */
  const next = (all: FieldErrors): void => {
    markAttempted(step);
    if (Object.keys(errorsForStep(all, step)).length > 0) {
      // the errors appear with this render; the first one gets the focus
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    setStep(step + 1);
  };

  const onSubmit = (event: FormEvent): void => {
    event.preventDefault();
    if (step === REVIEW_STEP) return; // sending has its own button: Enter never sends an order by accident
    // Enter in a filled field goes to the next empty required field of the step (skipping optional ones), quietly
    const form = formRef.current;
    const here = document.activeElement;
    if (form && here instanceof HTMLInputElement && here.value.trim() !== '' && form.contains(here)) {
      const inputs = [...form.querySelectorAll<HTMLInputElement>('input[required]')];
      const next = inputs.find(
        (input) => input.value.trim() === '' && here.compareDocumentPosition(input) & Node.DOCUMENT_POSITION_FOLLOWING,
      );
      if (next) {
        next.focus();
        return;
      }
    }
    // the Items step needs the lines of the codes scanned just before
    if (step === ITEMS_STEP && scanBusy()) afterScans((now) => next(now.all));
    else next(errors.all);
  };

  return { goTo, onSubmit, waiting };
}
