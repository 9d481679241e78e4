/**
 * Shopdesk's keyboard shortcuts, one list for the application menu (which shows them), the renderer (which acts on
 * them, in Electron and in the browser host alike) and the "?" overlay (which lists them).
 */
export const COMMANDS = [
  'go-orders',
  'go-new-order',
  'go-stock',
  'go-outbox',
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
  label: string;
}

export const SHORTCUTS: readonly Shortcut[] = [
  { command: 'go-orders', accelerator: 'CmdOrCtrl+1', label: 'Orders' },
  { command: 'go-new-order', accelerator: 'CmdOrCtrl+2', label: 'New order (unfinished ones first)' },
  { command: 'go-stock', accelerator: 'CmdOrCtrl+3', label: 'Stock' },
  { command: 'go-outbox', accelerator: 'CmdOrCtrl+4', label: 'Outbox' },
  { command: 'go-settings', accelerator: 'CmdOrCtrl+,', label: 'Settings' },
  { command: 'new-order', accelerator: 'CmdOrCtrl+N', label: 'Start a new order' },
  { command: 'focus-search', accelerator: 'CmdOrCtrl+F', label: 'Search on this screen' },
  { command: 'palette', accelerator: 'CmdOrCtrl+K', label: 'Go to a screen, order or product' },
  { command: 'shortcuts', accelerator: 'Shift+/', label: 'This list of shortcuts (?)' },
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

/** How an accelerator reads on this platform ("Ctrl+1", "⌘1"). */
export function shortcutText(accelerator: string, mac: boolean): string {
  if (accelerator === 'Shift+/') return '?';
  return mac ? accelerator.replace('CmdOrCtrl+', '⌘') : accelerator.replace('CmdOrCtrl', 'Ctrl');
}
