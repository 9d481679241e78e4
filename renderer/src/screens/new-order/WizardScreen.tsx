/**
 * The order-entry wizard: a step list that shows which steps need attention, one step at a time in a form (Enter
 * moves on when the step is valid), and the draft saved as staff type. Steps are reachable by keyboard alone.
 */
import { Alert, Box, Button, Group, Loader, Paper, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import {
  errorsForStep,
  firstStepWithError,
  REVIEW_STEP,
  STEPS,
  type FieldErrors,
} from '../../../../shared/order-entry';
import { timeOfDay } from '../../components/format';
import { t } from '../../i18n';
import { useStore } from '../../store';
import { taxRuleOf } from '../../../../shared/shop-rules';
import { selectDateOrder } from '../../store/orders';
import { DiscardDraftDialog } from './DiscardDraftDialog';
import { stepName, useWizardErrors, wizardErrors, type WizardErrors } from './errors';
import { AddressStep } from './steps/AddressStep';
import { CustomerStep } from './steps/CustomerStep';
import { ItemsStep } from './steps/ItemsStep';
import { PricesStep } from './steps/PricesStep';
import { ReviewStep } from './steps/ReviewStep';
import { newDraft } from './defaults';
import type { WizardEntry } from './start';
import { HeldStrip, HoldNote, useHold } from './HeldOrders';
import { ITEMS_STEP, useWizardScans, type WizardScans } from './useWizardScans';
import classes from './wizard.module.css';
import { MOD } from '../../components/platform';
import { MisreadCue } from '../../components/MisreadCue';

export function WizardScreen() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const open = useStore((s) => (s.wizard?.id === id ? s.wizard : null));
  const openWizard = useStore((s) => s.openWizard);
  const loadDrafts = useStore((s) => s.loadDrafts);
  const [missing, setMissing] = useState<string | null>(null);

  // Opening by address (a reload, a link from the drafts list): the saved draft, or a fresh one with this id.
  useEffect(() => {
    if (open) return;
    let cancelled = false;
    loadDrafts().then(
      (drafts) => {
        if (cancelled) return;
        const saved = drafts.find((d) => d.id === id);
        if (saved) openWizard({ id, step: saved.step, data: saved.data, saved: true });
        else openWizard({ id, step: 0, data: newDraft(), saved: false });
      },
      () => !cancelled && setMissing(t('wizard.draftsUnreadable')),
    );
    return () => {
      cancelled = true;
    };
  }, [id, open, openWizard, loadDrafts]);

  if (missing)
    return (
      <Alert color="red" role="alert" title={t('wizard.cannotOpen')}>
        {missing}
      </Alert>
    );
  if (!open)
    return (
      <Group gap="sm">
        <Loader size="sm" />
        <Text>{t('wizard.opening')}</Text>
      </Group>
    );
  return <Wizard key={open.id} onDone={(path) => navigate(path)} />;
}

function Wizard({ onDone }: { onDone: (path: string) => void }) {
  const open = useStore((s) => s.wizard)!;
  const order = useStore(selectDateOrder);
  const setStep = useStore((s) => s.setStep);
  const markAttempted = useStore((s) => s.markAttempted);
  const discardDraft = useStore((s) => s.discardDraft);
  const shop = useStore((s) => s.shop);
  const tax = useMemo(() => taxRuleOf(shop), [shop]);
  const errors = useWizardErrors(open, order, tax);
  const formRef = useRef<HTMLFormElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const step = open.step;
  const flushDraft = useStore((s) => s.flushDraft);
  const leaveWizard = useStore((s) => s.leaveWizard);
  const id = open.id;
  const scans = useWizardScans(step);
  const holdNote = useStore((s) => s.holdNote);
  const hold = useHold(onDone);

  // closing or reloading the window writes the last change at once instead of after the short delay
  useEffect(() => {
    const flush = (): void => void flushDraft();
    window.addEventListener('pagehide', flush);
    window.addEventListener('beforeunload', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      window.removeEventListener('beforeunload', flush);
      leaveWizard(id); // leaving the wizard for another screen: kept, unless nothing was typed
    };
  }, [flushDraft, leaveWizard, id]);

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
  }, [step]);

  const goTo = (next: number): void => {
    markAttempted(step);
    setStep(Math.max(0, Math.min(REVIEW_STEP, next)));
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
    [scansSettled, id, step],
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

  const name = open.data.fields.name.trim();
  return (
    <Stack maw={step === 2 ? undefined : 1100} gap="md">
      {/* the save state beside the title where it fits: the Items step's lines need the height */}
      <Group gap="md" align="baseline" style={{ rowGap: 0 }}>
        <Title order={1} fz="h2" ref={headingRef} tabIndex={-1}>
          {name ? t('wizard.titleFor', { name }) : t('wizard.title')}
        </Title>
        <SaveState save={open.save} />
        <HoldNote note={holdNote} />
      </Group>
      <HeldStrip openId={id} />
      {hold.message && (
        <Alert
          color="red"
          role="alert"
          p="xs"
          withCloseButton
          onClose={hold.clearMessage}
          closeButtonLabel={t('hold.dismiss')}
        >
          {hold.message}
        </Alert>
      )}
      {open.data.replaces && (
        <Alert color="orange" title={t('wizard.correcting')}>
          {t('wizard.correctingText')}
        </Alert>
      )}
      <div className={classes.layout}>
        <nav aria-label={t('wizard.steps')} className={classes.steps}>
          <ol>
            {STEPS.map((id, i) => {
              const attention = errors.steps.has(i) && i !== step;
              return (
                <li key={id}>
                  <UnstyledButton
                    className={classes.step}
                    data-active={i === step || undefined}
                    data-attention={attention || undefined}
                    aria-current={i === step ? 'step' : undefined}
                    onClick={() => goTo(i)}
                  >
                    <span className={classes.number} aria-hidden="true">
                      {attention ? '!' : i + 1}
                    </span>
                    <span>
                      {stepName(i)}
                      {attention && <span className={classes.attention}>{t('wizard.needsAttention')}</span>}
                    </span>
                  </UnstyledButton>
                </li>
              );
            })}
          </ol>
        </nav>
        <Paper withBorder radius="md" p="md" className={classes.page}>
          <form ref={formRef} onSubmit={onSubmit} noValidate aria-labelledby="wizard-step-title">
            <Stack gap="md">
              {/* one block: the notes' empty live regions take no room of their own */}
              <div>
                <Title order={2} fz="h3" id="wizard-step-title">
                  {t('wizard.stepOf', { step: step + 1, steps: STEPS.length, name: stepName(step) })}
                </Title>
                <ScansNote scans={scans} step={step} />
              </div>
              {step === 0 && <CustomerStep errors={errors} onChosen={() => goTo(1)} />}
              {step === 1 && <AddressStep errors={errors} />}
              {step === 2 && <ItemsStep errors={errors} scans={scans} />}
              {step === 3 && <PricesStep errors={errors} />}
              {step === REVIEW_STEP && (
                <ReviewStep errors={errors} onEdit={goTo} onSent={onDone} holdButton={hold.button} />
              )}
              {step !== REVIEW_STEP && (
                <Group justify="space-between" mt="md">
                  <Button variant="default" onClick={() => goTo(step - 1)} disabled={step === 0}>
                    {t('wizard.back')}
                  </Button>
                  <Group gap="xs">
                    <Text size="xs" c="dimmed">
                      {t('wizard.keys', { mod: MOD })}
                    </Text>
                    <Button
                      type="submit"
                      aria-busy={waiting || undefined}
                      leftSection={waiting ? <Loader size={14} color="currentColor" /> : undefined}
                    >
                      {waiting
                        ? t('wizard.waitingForScans', { count: Math.max(1, scans.pending) })
                        : t('wizard.next', { name: stepName(step + 1) })}
                    </Button>
                    {/* after Next: Tab from the lines still reaches Next first */}
                    {hold.button}
                  </Group>
                </Group>
              )}
            </Stack>
          </form>
        </Paper>
      </div>
      {/* last in the tab order: never the first thing Tab reaches */}
      <Group justify="flex-end">
        <Button variant="subtle" color="red" onClick={() => setConfirmDiscard(true)}>
          {t('wizard.discardAsk')}
        </Button>
      </Group>
      {hold.dialog}
      <DiscardDraftDialog
        data={confirmDiscard ? open.data : null}
        onKeep={() => setConfirmDiscard(false)}
        onDiscard={() => {
          const id = open.id;
          setConfirmDiscard(false);
          void discardDraft(id).finally(() => onDone('/new-order'));
        }}
      />
    </Stack>
  );
}

/**
 * Scans outside the Items step: how many wait for a customer (and which), and what the last one added or why it added
 * nothing. (The Items step says the latter beside its lines.)
 */
function ScansNote({ scans, step }: { scans: WizardScans; step: number }) {
  const { held, message, error, misread } = scans;
  return (
    <>
      <div role="status" aria-live="polite">
        {held.length > 0 && (
          <Alert color="blue" variant="light" p="xs" mt="sm" title={t('wizard.scans.waiting', { count: held.length })}>
            <Text size="sm">{t('wizard.scans.waitingHelp', { codes: held.join(', ') })}</Text>
          </Alert>
        )}
      </div>
      {step !== ITEMS_STEP && (
        <Text size="sm" role="status" aria-live="polite" className={classes.added} mt={message ? 'sm' : 0}>
          {message}
        </Text>
      )}
      {step !== ITEMS_STEP && error && misread && (
        <Box mt="sm">
          <MisreadCue text={error} compact />
        </Box>
      )}
      {step !== ITEMS_STEP && error && !misread && (
        <Alert color="red" role="alert" p="xs" mt="sm">
          {error}
        </Alert>
      )}
    </>
  );
}

function SaveState({ save }: { save: { state: string; at: number | null; message: string | null } }) {
  const text =
    save.state === 'failed'
      ? t('wizard.save.failed', { message: save.message ?? t('wizard.save.notWritten') })
      : save.state === 'saving' || (save.state === 'unsaved' && save.at !== null)
        ? t('wizard.save.saving')
        : save.state === 'saved' && save.at !== null
          ? t('wizard.save.saved', { time: timeOfDay(save.at) })
          : t('wizard.save.idle');
  return (
    <Text size="sm" c={save.state === 'failed' ? 'red' : 'dimmed'} role="status" aria-live="polite">
      {text}
    </Text>
  );
}
