/**
 * Sending from the Review step: "Send order" (or Ctrl/Cmd+Enter anywhere on the step) puts the order in the outbox
 * and goes on to what was sent. It waits for the live check's fresh prices first (`queued`), goes to the first step
 * that is not done instead, and refuses while a line's product is gone from the service. The step opens with the
 * focus on "Send order" (`sendRef`).
 */
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import type { DraftData, DraftLine } from '../../../../../shared/domain';
import { firstStepWithError, REVIEW_STEP, STEPS, toNewOrder } from '../../../../../shared/order-entry';
import type { TaxRule } from '../../../../../shared/shop-rules';
import { errorText } from '../../../errors';
import { t } from '../../../i18n';
import { useStore } from '../../../store';
import { selectDateOrder } from '../../../store/orders';
import type { WizardErrors } from '../errors';

export function useSendOrder({
  data,
  tax,
  errors,
  checking,
  missing,
  onEdit,
  onSent,
}: {
  data: DraftData;
  tax: TaxRule | null;
  errors: WizardErrors;
  /** The live check's answers are not all in. */
  checking: boolean;
  /** Lines whose product the service no longer has. */
  missing: readonly DraftLine[];
  onEdit: (step: number) => void;
  onSent: (path: string) => void;
}) {
  const order = useStore(selectDateOrder);
  const markAttempted = useStore((s) => s.markAttempted);
  const submitDraft = useStore((s) => s.submitDraft);
  const [sending, setSending] = useState(false);
  const [sendError, setSendError] = useState<string | null>(null);
  const sendRef = useRef<HTMLButtonElement>(null);
  const [queued, setQueued] = useState(false);

  const send = async (): Promise<void> => {
    if (sending) return;
    if (checking) {
      setQueued(true); // sent as soon as the fresh prices are in (and shown)
      return;
    }
    setQueued(false);
    setSendError(null);
    const first = firstStepWithError(errors.all);
    if (first !== null) {
      markAttempted(...STEPS.map((_, i) => i));
      if (first !== REVIEW_STEP) onEdit(first);
      return;
    }
    if (missing.length > 0) {
      setSendError(t('wizard.review.removeMissing'));
      return;
    }
    setSending(true);
    try {
      const entry = await submitDraft(toNewOrder(data, order, tax));
      onSent(`/new-order/sent/${entry.id}`);
    } catch (e) {
      setSending(false);
      setSendError(errorText(e, 'wizard.review.outboxFailed'));
    }
  };

  // Ctrl/Cmd+Enter sends from anywhere on the step; the step opens with the focus on "Send order"
  const sendNow = useEffectEvent(() => void send());
  useEffect(() => {
    const onKey = (event: KeyboardEvent): void => {
      if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey) || event.defaultPrevented) return;
      event.preventDefault();
      sendNow();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  useEffect(() => {
    sendRef.current?.focus();
  }, []);
  useEffect(() => {
    if (checking || !queued) return;
    const timer = setTimeout(sendNow, 0);
    return () => clearTimeout(timer);
  }, [checking, queued]);

  return { send, sending, sendError, queued, sendRef };
}
