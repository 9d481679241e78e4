/**
 * The application menu as a pure template: the usual roles per platform, Shopdesk's screens and shortcuts (from
 * shared/shortcuts.ts), and Help with the shortcuts list, the logs folder, a support file (#26.6) and About. Accelerators are shown, not
 * registered: the page acts on the keys itself, so the browser host and Electron behave the same; a click on an
 * item sends the same command to the page.
 */
import type { MenuItemConstructorOptions } from 'electron';
import type { Translator } from '../../shared/i18n/translate';
import { SHORTCUTS, type Command } from '../../shared/shortcuts';
import { englishShell } from './speech';

export interface MenuActions {
  command(command: Command): void;
  openLogsFolder(): void;
  /** Help → Save a support file… (#26.6): the shell asks where and writes the core's zip (no customer details). */
  saveSupportFile(): void;
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

type Role = NonNullable<MenuItemConstructorOptions['role']>;
const SEPARATOR = { type: 'separator' } as const;

/** The menus in the language of `speech` (English unless given): Electron's roles get our words too. */
export function menuTemplate(
  platform: string,
  actions: MenuActions,
  dev = false,
  speech: Translator = englishShell(),
): MenuItemConstructorOptions[] {
  const { t } = speech;
  const mac = platform === 'darwin';
  const role = (name: Role & keyof typeof ROLE_WORDS): MenuItemConstructorOptions => ({
    role: name,
    label: t(ROLE_WORDS[name]),
  });
  const template: MenuItemConstructorOptions[] = [];
  if (mac) {
    template.push({
      label: t('app.name'),
      submenu: [
        { label: t('menu.about'), click: () => actions.about() },
        SEPARATOR,
        item('go-settings', t('menu.settingsMac'), actions),
        SEPARATOR,
        role('services'),
        SEPARATOR,
        role('hide'),
        role('hideOthers'),
        role('unhide'),
        SEPARATOR,
        role('quit'),
      ],
    });
  }
  template.push({
    label: t('menu.file'),
    submenu: [
      item('new-order', t('nav.newOrder'), actions),
      ...(mac
        ? [SEPARATOR, role('close')]
        : [SEPARATOR, item('go-settings', t('nav.settings'), actions), SEPARATOR, role('quit')]),
    ],
  });
  template.push({
    label: t('menu.edit'),
    role: 'editMenu',
    submenu: [
      role('undo'),
      role('redo'),
      SEPARATOR,
      role('cut'),
      role('copy'),
      role('paste'),
      ...(mac ? [role('pasteAndMatchStyle')] : []),
      role('delete'),
      SEPARATOR,
      role('selectAll'),
    ],
  });
  template.push({
    label: t('menu.view'),
    submenu: [
      item('go-orders', t('nav.orders'), actions),
      item('go-new-order', t('nav.newOrder'), actions),
      item('go-stock', t('nav.stock'), actions),
      item('go-outbox', t('nav.outbox'), actions),
      item('go-today', t('nav.today'), actions),
      SEPARATOR,
      item('focus-search', t('menu.find'), actions),
      item('palette', t('menu.goTo'), actions),
      SEPARATOR,
      role('resetZoom'),
      role('zoomIn'),
      role('zoomOut'),
      SEPARATOR,
      role('togglefullscreen'),
      ...(dev ? [SEPARATOR, role('reload'), role('toggleDevTools')] : []),
    ],
  });
  template.push({
    label: t('menu.window'),
    role: 'windowMenu',
    submenu: mac ? [role('minimize'), role('zoom'), SEPARATOR, role('front')] : [role('minimize'), role('close')],
  });
  template.push({
    label: t('menu.help'),
    role: 'help',
    submenu: [
      { label: t('menu.shortcuts'), accelerator: undefined, click: () => actions.command('shortcuts') },
      { label: t('menu.logs'), click: () => actions.openLogsFolder() },
      { label: t('support.save'), click: () => actions.saveSupportFile() },
      ...(mac ? [] : [SEPARATOR, { label: t('menu.about'), click: () => actions.about() }]),
    ],
  });
  return template;
}

const ROLE_WORDS = {
  undo: 'menu.role.undo',
  redo: 'menu.role.redo',
  cut: 'menu.role.cut',
  copy: 'menu.role.copy',
  paste: 'menu.role.paste',
  pasteAndMatchStyle: 'menu.role.pasteAndMatchStyle',
  delete: 'menu.role.delete',
  selectAll: 'menu.role.selectAll',
  resetZoom: 'menu.role.resetZoom',
  zoomIn: 'menu.role.zoomIn',
  zoomOut: 'menu.role.zoomOut',
  togglefullscreen: 'menu.role.togglefullscreen',
  minimize: 'menu.role.minimize',
  zoom: 'menu.role.zoom',
  front: 'menu.role.front',
  close: 'menu.role.close',
  quit: 'menu.role.quit',
  hide: 'menu.role.hide',
  hideOthers: 'menu.role.hideOthers',
  unhide: 'menu.role.unhide',
  services: 'menu.role.services',
  reload: 'menu.role.reload',
  toggleDevTools: 'menu.role.toggleDevTools',
} as const satisfies Partial<Record<Role, string>>;
