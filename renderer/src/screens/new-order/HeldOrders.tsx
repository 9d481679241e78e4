/**
 * Issue #30.1, orders on hold: "Put on hold" (a button beside Next and Send, and Ctrl/Cmd+Shift+H) parks the open order
 * under the customer's name (or one typed then) and starts the next at once; a strip at the top of the wizard lists
 * those waiting with their age and their key; Alt+1…9 anywhere brings one back as it was left. They are drafts, so
 * they survive a restart; the frame counts them and the quit guard names them.
 */
import { Alert, Button, Group, Kbd, Modal, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useCallback, useEffect, useMemo, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { heldOrders, MAX_HELD, unusedHoldName, type HeldDraft } from '../../../../shared/holds';
import { age, timeOfDay } from '../../components/format';
import { MAC } from '../../components/platform';
import { t } from '../../i18n';
import { useStore } from '../../store';
import { newDraftPath } from './start';
import classes from './wizard.module.css';

/** The orders on hold, keyed ones first. */
export function useHeld(): HeldDraft[] {
  const drafts = useStore((s) => s.drafts);
  return useMemo(() => heldOrders(drafts), [drafts]);
}

/** Ctrl/Cmd+Shift+H: put on hold. */
export const isHoldKey = (event: KeyboardEvent): boolean =>
  event.code === 'KeyH' && event.shiftKey && !event.altKey && (MAC ? event.metaKey : event.ctrlKey);

/** The age shown for each order on hold, drawn again every half minute. */
function useNow(every = 30_000): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), every);
    return () => clearInterval(timer);
  }, [every]);
  return now;
}

/** What the last "Put on hold" did, beside the title (a live region that takes no height of its own). */
export function HoldNote({ note }: { note: string | null }) {
  return (
    <Text size="sm" role="status" aria-live="polite" className={classes.added}>
      {note}
    </Text>
  );
}

/**
 * The strip at the top of the wizard: each order on hold (but the open one), its key, lines and age; a click brings it
 * back. Nothing at all when none waits, so the steps keep their height.
 */
export function HeldStrip({ openId }: { openId: string }) {
  const navigate = useNavigate();
  const held = useHeld().filter((d) => d.id !== openId);
  const now = useNow();
  if (held.length === 0) return null;
  return (
    <nav aria-label={t('hold.strip', { count: held.length })} className={classes.heldStrip}>
      <Text size="xs" c="dimmed" span className={classes.heldTitle}>
        {t('hold.strip', { count: held.length })}
      </Text>
      <ul>
        {held.map((draft) => {
          const { name, at, slot } = draft.data.onHold;
          return (
            <li key={draft.id}>
              <UnstyledButton
                className={classes.heldChip}
                onClick={() => void navigate(`/new-order/${draft.id}`)}
                // named by what it shows (its key, name, lines and age): the strip's name says they are on hold
                aria-keyshortcuts={slot ? `Alt+${slot}` : undefined}
              >
                {slot !== null && <Kbd size="xs">{t('hold.key', { slot })}</Kbd>}
                <span className={classes.heldName}>{name}</span>
                <Text size="xs" c="dimmed" span>
                  {t('hold.facts', { lines: draft.data.lines.length, age: age(at, now) })}
                </Text>
              </UnstyledButton>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/**
 * "Put on hold" and its key: with a customer the order goes on hold under their name at once, else a name is asked
 * for first. Written before the next order starts; when it cannot be, the order stays open and says why.
 */
export function useHold(onNext: (path: string) => void) {
  const holdOrder = useStore((s) => s.holdOrder);
  const [asking, setAsking] = useState(false);
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const holdAs = useCallback(
    async (name: string): Promise<void> => {
      setBusy(true);
      setError(null);
      const result = await holdOrder(name);
      setBusy(false);
      if (result.outcome === 'held') {
        setAsking(false);
        useStore.setState({ holdNote: t('hold.done', { name }) });
        onNext(newDraftPath());
      } else if (result.outcome === 'blank') setError(t('hold.blank'));
      else if (result.outcome === 'full') setError(t('hold.full', { max: MAX_HELD }));
      else if (result.outcome === 'failed')
        setError(t('hold.failed', { message: result.message || t('wizard.save.notWritten') }));
    },
    [holdOrder, onNext],
  );

  const hold = useCallback((): void => {
    const open = useStore.getState().wizard;
    if (!open || busy) return;
    const name = open.data.fields.name.trim();
    if (name) void holdAs(name);
    else {
      setError(null);
      // a suggestion no order on hold has, selected: typing replaces it
      setName(unusedHoldName(t('hold.unnamed', { time: timeOfDay(Date.now()) }), useStore.getState().drafts));
      setAsking(true);
    }
  }, [busy, holdAs]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent): void => {
      if (!isHoldKey(event) || event.defaultPrevented) return;
      event.preventDefault();
      hold();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [hold]);

  const button = (
    <Button
      variant="default"
      onClick={hold}
      loading={busy && !asking}
      aria-keyshortcuts={MAC ? 'Meta+Shift+H' : 'Control+Shift+H'}
      title={t('key.hold', { mod: MAC ? '⌘' : t('key.ctrl') })}
    >
      {t('hold.put')}
    </Button>
  );
  const dialog = (
    <HoldNameDialog
      opened={asking}
      name={name}
      setName={setName}
      busy={busy}
      error={asking ? error : null}
      onCancel={() => setAsking(false)}
      onHold={(name) => void holdAs(name)}
    />
  );
  const message = !asking && error ? error : null;
  return { button, dialog, message, clearMessage: () => setError(null) };
}

/** No customer chosen yet: a name to know the order by when they are back (a suggestion, selected, to type over). */
function HoldNameDialog({
  opened,
  name,
  setName,
  busy,
  error,
  onCancel,
  onHold,
}: {
  opened: boolean;
  name: string;
  setName: (name: string) => void;
  busy: boolean;
  error: string | null;
  onCancel: () => void;
  onHold: (name: string) => void;
}) {
  const submit = (event: FormEvent): void => {
    event.preventDefault();
    if (name.trim()) onHold(name.trim());
  };
  return (
    <Modal opened={opened} onClose={onCancel} title={t('hold.nameTitle')} centered returnFocus>
      <form onSubmit={submit}>
        <Stack>
          <TextInput
            label={t('hold.nameLabel')}
            description={t('hold.nameHelp')}
            value={name}
            maxLength={200}
            required
            data-autofocus
            onFocus={(e) => e.currentTarget.select()}
            onChange={(e) => setName(e.currentTarget.value)}
          />
          {error && (
            <Alert color="red" role="alert" p="xs">
              {error}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel}>
              {t('hold.cancel')}
            </Button>
            <Button type="submit" loading={busy} disabled={!name.trim()}>
              {t('hold.put')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
