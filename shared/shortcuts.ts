/**
 * Shopdesk's keyboard shortcuts, one list for the application menu (which shows them), the renderer (which acts on
 * them, in Electron and in the browser host alike) and the "?" overlay (which lists them).
 */
import type { PlainKey } from './i18n/messages';

export const COMMANDS = [
  'go-orders',
  'go-new-order',
  'go-stock',
  'go-outbox',
  'go-today',
  'go-settings',
  'new-order',
  'focus-search',
  'palette',
  'shortcuts',
] as const;
export type Command = (typeof COMMANDS)[number];

export interface Shortcut {
  command: Command;
  /** Electron accelerator syntax. */
  accelerator: string;
  /** What it does, as a message of the catalogues (the overlay lists it). */
  label: PlainKey;
}

export const SHORTCUTS: readonly Shortcut[] = [
  { command: 'go-orders', accelerator: 'CmdOrCtrl+1', label: 'nav.orders' },
  { command: 'go-new-order', accelerator: 'CmdOrCtrl+2', label: 'shortcuts.goNewOrder' },
  { command: 'go-stock', accelerator: 'CmdOrCtrl+3', label: 'nav.stock' },
  { command: 'go-outbox', accelerator: 'CmdOrCtrl+4', label: 'nav.outbox' },
  { command: 'go-today', accelerator: 'CmdOrCtrl+5', label: 'nav.today' },
  { command: 'go-settings', accelerator: 'CmdOrCtrl+,', label: 'nav.settings' },
  { command: 'new-order', accelerator: 'CmdOrCtrl+N', label: 'shortcuts.newOrder' },
  { command: 'focus-search', accelerator: 'CmdOrCtrl+F', label: 'shortcuts.search' },
  { command: 'palette', accelerator: 'CmdOrCtrl+K', label: 'shortcuts.palette' },
  { command: 'shortcuts', accelerator: 'Shift+/', label: 'shortcuts.list' },
];

export interface KeyLike {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
}

/** The command a key press means, or null. On macOS Cmd stands for Ctrl; "?" only counts outside text fields. */
export function commandFor(event: KeyLike, mac: boolean, inTextField: boolean): Command | null {
  const mod = mac ? event.metaKey && !event.ctrlKey : event.ctrlKey && !event.metaKey;
  if (event.key === '?' && !mod && !event.altKey) return inTextField ? null : 'shortcuts';
  if (!mod || event.altKey) return null;
  const key = event.key.length === 1 ? event.key.toUpperCase() : event.key;
  for (const s of SHORTCUTS) {
    const [, k] = /^CmdOrCtrl\+(.+)$/.exec(s.accelerator) ?? [];
    if (k && k.toUpperCase() === key && !event.shiftKey) return s.command;
  }
  return null;
}

/** How an accelerator reads on this platform ("Ctrl+1", "⌘1"; German keyboards say "Strg+1"). */
export function shortcutText(accelerator: string, mac: boolean, ctrl = 'Ctrl'): string {
  if (accelerator === 'Shift+/') return '?';
  return mac ? accelerator.replace('CmdOrCtrl+', '⌘') : accelerator.replace('CmdOrCtrl', ctrl);
}
