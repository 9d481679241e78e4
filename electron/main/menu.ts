/**
 * The application menu as a pure template: the usual roles per platform, Shopdesk's screens and shortcuts (from
 * shared/shortcuts.ts), and Help with the shortcuts list, the logs folder and About. Accelerators are shown, not
 * registered: the page acts on the keys itself, so the browser host and Electron behave the same; a click on an
 * item sends the same command to the page.
 */
import type { MenuItemConstructorOptions } from 'electron';
import { SHORTCUTS, type Command } from '../../shared/shortcuts';

export interface MenuActions {
  command(command: Command): void;
  openLogsFolder(): void;
  about(): void;
}

const item = (command: Command, label: string, actions: MenuActions): MenuItemConstructorOptions => {
  const shortcut = SHORTCUTS.find((s) => s.command === command);
  return {
    label,
    accelerator: shortcut?.accelerator === 'Shift+/' ? undefined : shortcut?.accelerator,
    registerAccelerator: false,
    click: () => actions.command(command),
  };
};

export function menuTemplate(platform: string, actions: MenuActions, dev = false): MenuItemConstructorOptions[] {
  const mac = platform === 'darwin';
  const template: MenuItemConstructorOptions[] = [];
  if (mac) {
    template.push({
      label: 'Shopdesk',
      submenu: [
        { label: 'About Shopdesk', click: () => actions.about() },
        { type: 'separator' },
        item('go-settings', 'Settings…', actions),
        { type: 'separator' },
        { role: 'services' },
        { type: 'separator' },
        { role: 'hide' },
        { role: 'hideOthers' },
        { role: 'unhide' },
        { type: 'separator' },
        { role: 'quit' },
      ],
    });
  }
  template.push({
    label: '&File',
    submenu: [
      item('new-order', 'New order', actions),
      ...(mac
        ? [{ type: 'separator' } as const, { role: 'close' } as const]
        : [
            { type: 'separator' } as const,
            item('go-settings', 'Settings', actions),
            { type: 'separator' } as const,
            { role: 'quit' } as const,
          ]),
    ],
  });
  template.push({ label: '&Edit', role: 'editMenu' });
  template.push({
    label: '&View',
    submenu: [
      item('go-orders', 'Orders', actions),
      item('go-new-order', 'New order', actions),
      item('go-stock', 'Stock', actions),
      item('go-outbox', 'Outbox', actions),
      { type: 'separator' },
      item('focus-search', 'Find', actions),
      item('palette', 'Go to…', actions),
      { type: 'separator' },
      { role: 'resetZoom' },
      { role: 'zoomIn' },
      { role: 'zoomOut' },
      { type: 'separator' },
      { role: 'togglefullscreen' },
      ...(dev
        ? [{ type: 'separator' } as const, { role: 'reload' } as const, { role: 'toggleDevTools' } as const]
        : []),
    ],
  });
  template.push({ label: '&Window', role: 'windowMenu' });
  template.push({
    label: '&Help',
    role: 'help',
    submenu: [
      { label: 'Keyboard shortcuts', accelerator: undefined, click: () => actions.command('shortcuts') },
      { label: 'Open logs folder', click: () => actions.openLogsFolder() },
      ...(mac ? [] : [{ type: 'separator' } as const, { label: 'About Shopdesk', click: () => actions.about() }]),
    ],
  });
  return template;
}
