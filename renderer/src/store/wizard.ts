/**
 * Order-entry slice: the open draft, saved to main (SQLite) shortly after every change and at once on every step
 * change, so a crash or a closed window loses at most the last fraction of a second of typing.
 */
import type { StateCreator } from 'zustand';
import type { Draft, DraftData, NewOrder, OutboxEntry } from '../../../shared/domain';
import { freeSlot, heldOrders, MAX_HELD } from '../../../shared/holds';
import { attachLineMessages, isBlank, type FieldErrors } from '../../../shared/order-entry';
import { call } from '../bridge';
import { errorText } from '../errors';

export const SAVE_DELAY_MS = 300;

export interface OpenDraft {
  id: string;
  step: number;
  data: DraftData;
  /** Steps staff have tried to leave: their errors are shown (a fresh form is not shouted at). */
  attempted: number[];
  /** Problems with what is typed that the draft itself cannot hold (e.g. "abc" as a quantity), by key. */
  localErrors: FieldErrors;
  save: { state: 'unsaved' | 'saving' | 'saved' | 'failed'; at: number | null; message: string | null };
}

export interface WizardSlice {
  wizard: OpenDraft | null;
  drafts: Draft[];
  /** What the last "Put on hold" did ("Ada Lovelace is on hold."), said on the next order; gone once one is brought back. */
  holdNote: string | null;
  loadDrafts(): Promise<Draft[]>;
  /** Opens a saved draft, or a new one with this id and data. */
  openWizard(draft: { id: string; step: number; data: DraftData; saved: boolean }): void;
  updateDraft(change: (data: DraftData) => DraftData, touched?: string[]): void;
  setStep(step: number): void;
  markAttempted(...steps: number[]): void;
  setLocalError(key: string, message: string | null): void;
  /** Writes the open draft now (before leaving, sending, or on a step change). */
  flushDraft(): Promise<void>;
  discardDraft(id: string): Promise<void>;
  submitDraft(order: NewOrder): Promise<OutboxEntry>;
  closeWizard(): void;
  /** Leaving the wizard's screen: the draft stays open (and saved), unless nothing is in it, then it is dropped. */
  leaveWizard(id: string): void;
  /**
   * Issue #30.1: puts the open order on hold under `name`, written before this resolves ('held'); the caller then starts
   * the next order. 'blank': nothing to keep; 'full': MAX_HELD wait already; 'failed': not written (still open, not held).
   */
  holdOrder(name: string): Promise<{ outcome: 'held' | 'blank' | 'full' } | { outcome: 'failed'; message: string }>;
}

let timer: ReturnType<typeof setTimeout> | null = null;
/** Saves go out one after another, so an older save can never land after a newer one. */
let chain: Promise<void> = Promise.resolve();
/** Drafts handed to the outbox: a save still queued for them is dropped. */
const submitted = new Set<string>();

type SetWizard = Parameters<StateCreator<WizardSlice, [], [], WizardSlice>>[0];
type GetWizard = Parameters<StateCreator<WizardSlice, [], [], WizardSlice>>[1];

/** How the open draft is kept: written now, written shortly after a change, and written (or dropped) on leaving. */
interface DraftSaving {
  /** Writes the open draft now (after the saves before it); resolves once it is written or has failed. */
  save(): Promise<void>;
  /** Leaving a draft: its last change is written, or, when nothing is left in it, it is not kept at all. */
  leave(): void;
  /** Writes the open draft SAVE_DELAY_MS after the last change. */
  schedule(): void;
}

function draftSaving(set: SetWizard, get: GetWizard): DraftSaving {
  const save = (): Promise<void> => {
    if (timer) clearTimeout(timer);
    timer = null;
    const open = get().wizard;
    if (!open || submitted.has(open.id)) return chain;
    if (open.save.state !== 'unsaved' && open.save.state !== 'failed') return chain;
    if (open.save.at === null && isBlank(open.data)) return chain; // nothing typed yet: nothing to keep
    const { id, step, data } = open;
    const patch = (s: Partial<OpenDraft['save']>): void => {
      const now = get().wizard;
      if (now?.id === id) set({ wizard: { ...now, save: { ...now.save, ...s } } });
    };
    patch({ state: 'saving' });
    chain = chain.then(async () => {
      if (submitted.has(id)) return;
      try {
        const draft = await call('drafts:save', { id, step, data });
        // a change made while saving stays unsaved (and is saved next)
        const now = get().wizard;
        if (now?.id === id && now.data === data && now.step === step)
          patch({ state: 'saved', at: draft.updatedAt, message: null });
        else if (now?.id === id) patch({ at: draft.updatedAt });
      } catch (error) {
        patch({
          state: 'failed',
          message: errorText(error, 'wizard.save.notSavedHere'),
        });
      }
    });
    return chain;
  };
  /** Leaving a draft: its last change is written, or, when nothing is left in it, it is not kept at all. */
  const leave = (): void => {
    const open = get().wizard;
    if (open && !submitted.has(open.id) && isBlank(open.data) && !open.data.replaces) {
      if (timer) clearTimeout(timer);
      timer = null;
      if (open.save.at !== null) {
        const id = open.id;
        chain = chain.then(() =>
          call('drafts:discard', { id }).then(
            () => undefined,
            () => undefined,
          ),
        );
      }
      return;
    }
    void save();
  };
  const schedule = (): void => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => void save(), SAVE_DELAY_MS);
  };
  return { save, leave, schedule };
}

/** Opening a draft, leaving it, discarding it, and handing it to the outbox. */
function openAndClose(
  set: SetWizard,
  get: GetWizard,
  { save, leave }: DraftSaving,
): Pick<
  WizardSlice,
  'loadDrafts' | 'openWizard' | 'flushDraft' | 'discardDraft' | 'submitDraft' | 'leaveWizard' | 'closeWizard'
> {
  return {
    loadDrafts: async () => {
      const { drafts } = await call('drafts:list', {});
      set({ drafts });
      return drafts;
    },
    openWizard: ({ id, step, data, saved }) => {
      if (get().wizard?.id === id) return;
      leave(); // the draft that was open keeps its last change (or goes, when it is empty)
      // an order on hold that is opened is back: it is the open order again, no longer waiting (written at once)
      const { onHold, ...rest } = data;
      set({
        wizard: {
          id,
          step,
          // a correction saved by an older Shopdesk kept line messages by position: they move onto their lines
          data: attachLineMessages(onHold ? rest : data),
          attempted: Array.from({ length: step }, (_, i) => i),
          localErrors: {},
          save: onHold
            ? { state: 'unsaved', at: Date.now(), message: null }
            : saved
              ? { state: 'saved', at: Date.now(), message: null }
              : { state: 'unsaved', at: null, message: null },
        },
        ...(onHold ? { holdNote: null } : {}),
      });
      if (onHold)
        void save().then(() =>
          get()
            .loadDrafts()
            .catch(() => undefined),
        );
    },
    flushDraft: () => save(),
    discardDraft: async (id) => {
      if (get().wizard?.id === id) {
        if (timer) clearTimeout(timer);
        timer = null;
        set({ wizard: null });
      }
      await chain;
      await call('drafts:discard', { id });
      await get().loadDrafts();
    },
    submitDraft: async (order) => {
      const open = get().wizard;
      if (!open) throw new Error('No order is open.');
      await save(); // the latest typing is in the draft before it becomes an outbox entry
      const entry = await call('outbox:submit', { draftId: open.id, order });
      submitted.add(open.id);
      if (get().wizard?.id === open.id) set({ wizard: null });
      void get()
        .loadDrafts()
        .catch(() => undefined);
      return entry;
    },
    leaveWizard: (id) => {
      const open = get().wizard;
      if (open?.id !== id) return; // another order is open already: its own leaving is handled when it goes
      leave();
      if (open && isBlank(open.data) && !open.data.replaces && get().wizard?.id === open.id) set({ wizard: null });
    },
    closeWizard: () => {
      leave();
      set({ wizard: null });
    },
  };
}

/** Changes to the open draft: what is typed, the step, the steps tried, and what cannot be typed into it. */
function editing(
  set: SetWizard,
  get: GetWizard,
  { save, schedule }: DraftSaving,
): Pick<WizardSlice, 'updateDraft' | 'setStep' | 'markAttempted' | 'setLocalError'> {
  return {
    updateDraft: (change, touched = []) => {
      const open = get().wizard;
      if (!open) return;
      let data = change(open.data);
      if (touched.some((key) => key in data.serverErrors)) {
        // the service's message is shown until the field it names is edited
        const serverErrors = { ...data.serverErrors };
        for (const key of touched) delete serverErrors[key];
        data = { ...data, serverErrors };
      }
      set({ wizard: { ...open, data, save: { ...open.save, state: 'unsaved' } } });
      schedule();
    },
    setStep: (step) => {
      const open = get().wizard;
      if (!open || open.step === step) return;
      // "… is on hold; this is the next order" is said for the order's start: on another step it only takes room
      // (at 1024×700 with an order on hold it pushed Items' total below the window)
      set({ wizard: { ...open, step, save: { ...open.save, state: 'unsaved' } }, holdNote: null });
      void save();
    },
    markAttempted: (...steps) => {
      const open = get().wizard;
      if (!open) return;
      const attempted = [...new Set([...open.attempted, ...steps])];
      if (attempted.length !== open.attempted.length) set({ wizard: { ...open, attempted } });
    },
    setLocalError: (key, message) => {
      const open = get().wizard;
      if (!open || (open.localErrors[key] ?? null) === message) return;
      const localErrors = { ...open.localErrors };
      if (message === null) delete localErrors[key];
      else localErrors[key] = message;
      set({ wizard: { ...open, localErrors } });
    },
  };
}

/** Issue #30.1: the open order put on hold. */
function holding(set: SetWizard, get: GetWizard, { save, schedule }: DraftSaving): Pick<WizardSlice, 'holdOrder'> {
  return {
    holdOrder: async (name) => {
      const open = get().wizard;
      if (!open || isBlank(open.data)) return { outcome: 'blank' };
      const held = heldOrders(await get().loadDrafts()).filter((d) => d.id !== open.id);
      if (held.length >= MAX_HELD) return { outcome: 'full' };
      const now = get().wizard;
      if (now?.id !== open.id) return { outcome: 'blank' };
      const onHold = { name: name.trim(), at: Date.now(), slot: freeSlot(held) };
      set({ wizard: { ...now, data: { ...now.data, onHold }, save: { ...now.save, state: 'unsaved' } } });
      await save();
      const after = get().wizard;
      if (after?.id === open.id && after.save.state !== 'saved') {
        // not written: it stays the open order, not half on hold
        const data = { ...after.data };
        delete data.onHold;
        set({ wizard: { ...after, data, save: { ...after.save, state: 'unsaved' } } });
        schedule();
        return { outcome: 'failed', message: after.save.message ?? '' };
      }
      await get()
        .loadDrafts()
        .catch(() => undefined);
      return { outcome: 'held' };
    },
  };
}

export const wizardSlice: StateCreator<WizardSlice, [], [], WizardSlice> = (set, get) => {
  const saving = draftSaving(set, get);
  return {
    wizard: null,
    drafts: [],
    holdNote: null,
    ...openAndClose(set, get, saving),
    ...editing(set, get, saving),
    ...holding(set, get, saving),
  };
};
