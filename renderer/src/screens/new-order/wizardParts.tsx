/**
 * The wizard's parts: the list of steps (which one is open, which need attention), the Back and Next row under a
 * step, what scans did outside the Items step, and whether the draft is saved.
 */
import { Alert, Box, Button, Group, Loader, Text, UnstyledButton } from '@mantine/core';
import type { ReactNode } from 'react';
import { FIRST_STEP, ITEMS_STEP, STEPS } from '../../../../shared/order-entry';
import { timeOfDay } from '../../components/format';
import { MisreadCue } from '../../components/MisreadCue';
import { MOD } from '../../components/platform';
import { t } from '../../i18n';
import { stepName, type WizardErrors } from './errors';
import type { WizardScans } from './useWizardScans';
import classes from './wizard.module.css';

/** The steps, each a button that opens it: the open one marked current, the others that need attention with a "!". */
export function StepList({ step, errors, onGo }: { step: number; errors: WizardErrors; onGo: (step: number) => void }) {
  return (
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
                onClick={() => onGo(i)}
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
  );
}

/** Back and Next under a step (Next says it waits for scans still being looked up), with "Put on hold" after Next. */
export function StepButtons({
  step,
  waiting,
  pending,
  onBack,
  holdButton,
}: {
  step: number;
  waiting: boolean;
  /** Codes being looked up: what Next waits for. */
  pending: number;
  onBack: () => void;
  holdButton: ReactNode;
}) {
  return (
    <Group justify="space-between" mt="md">
      <Button variant="default" onClick={onBack} disabled={step === FIRST_STEP}>
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
            ? t('wizard.waitingForScans', { count: Math.max(1, pending) })
            : t('wizard.next', { name: stepName(step + 1) })}
        </Button>
        {/* after Next: Tab from the lines still reaches Next first */}
        {holdButton}
      </Group>
    </Group>
  );
}

/**
 * Scans outside the Items step: how many wait for a customer (and which), and what the last one added or why it added
 * nothing. (The Items step says the latter beside its lines.)
 */
export function ScansNote({ scans, step }: { scans: WizardScans; step: number }) {
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

export function SaveState({ save }: { save: { state: string; at: number | null; message: string | null } }) {
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
