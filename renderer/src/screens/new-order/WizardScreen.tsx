/**
 * The order-entry wizard: a step list that shows which steps need attention, one step at a time in a form (Enter
 * moves on when the step is valid), and the draft saved as staff type. Steps are reachable by keyboard alone.
 */
import { Alert, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import {
  ADDRESS_STEP,
  CUSTOMER_STEP,
  ITEMS_STEP,
  PRICES_STEP,
  REVIEW_STEP,
  STEPS,
} from '../../../../shared/order-entry';
import { t } from '../../i18n';
import { useStore } from '../../store';
import { taxRuleOf } from '../../../../shared/shop-rules';
import { selectDateOrder } from '../../store/orders';
import { DiscardDraftDialog } from './DiscardDraftDialog';
import { stepName, useWizardErrors } from './errors';
import { AddressStep } from './steps/AddressStep';
import { CustomerStep } from './steps/CustomerStep';
import { ItemsStep } from './steps/ItemsStep';
import { PricesStep } from './steps/PricesStep';
import { ReviewStep } from './steps/ReviewStep';
import { newDraft } from './defaults';
import { HeldStrip, HoldNote, useHold } from './HeldOrders';
import { useWizardScans } from './useWizardScans';
import { useStepFocus } from './useStepFocus';
import { useStepNavigation } from './useStepNavigation';
import { SaveState, ScansNote, StepButtons, StepList } from './wizardParts';
import classes from './wizard.module.css';

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
        else openWizard({ id, step: CUSTOMER_STEP, data: newDraft(), saved: false });
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

  useStepFocus(step, formRef, headingRef);
  const { goTo, onSubmit, waiting } = useStepNavigation({ id, step, scans, errors, formRef });

  const name = open.data.fields.name.trim();
  return (
    <Stack maw={step === ITEMS_STEP ? undefined : 1100} gap="md">
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
        <StepList step={step} errors={errors} onGo={goTo} />
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
              {step === CUSTOMER_STEP && <CustomerStep errors={errors} onChosen={() => goTo(ADDRESS_STEP)} />}
              {step === ADDRESS_STEP && <AddressStep errors={errors} />}
              {step === ITEMS_STEP && <ItemsStep errors={errors} scans={scans} />}
              {step === PRICES_STEP && <PricesStep errors={errors} />}
              {step === REVIEW_STEP && (
                <ReviewStep errors={errors} onEdit={goTo} onSent={onDone} holdButton={hold.button} />
              )}
              {step !== REVIEW_STEP && (
                <StepButtons
                  step={step}
                  waiting={waiting}
                  pending={scans.pending}
                  onBack={() => goTo(step - 1)}
                  holdButton={hold.button}
                />
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
