/** One zustand store built from typed slices; screens select narrowly. */
import { create, type StateCreator } from 'zustand';
import type { AppInfo, ConnectionState, ConnectionVerdict, SettingsView } from '../../../shared/contract';
import { BridgeError, call, onReconnect, onSignedOut, subscribe } from '../bridge';
import { errorWords } from '../errors';
import { t } from '../i18n';
import { catalogueSlice, type CatalogueSlice } from './catalogue';
import { ordersSlice, type OrdersSlice } from './orders';
import { outboxSlice, type OutboxSlice } from './outbox';
import { uiSlice, type UiSlice } from './ui';
import { shopSlice, type ShopSlice } from './shop';
import { wizardSlice, type WizardSlice } from './wizard';

export interface ConnectionSlice {
  connection: ConnectionState | null;
  setConnection(state: ConnectionState): void;
  /** Probes now; resolves with the answer. */
  checkConnection(): Promise<ConnectionState>;
}

export interface SettingsSlice {
  settings: SettingsView | null;
  appInfo: AppInfo | null;
  loadError: string | null;
  /** The load failed because this browser tab is not signed in (the window says "Signed out", not "could not start"). */
  signedOut: boolean;
  loadSettings(): Promise<void>;
  saveSettings(input: { baseUrl: string; token?: string }): Promise<SettingsView>;
  testConnection(input: { baseUrl?: string; token?: string }): Promise<ConnectionVerdict>;
  startDemo(): Promise<void>;
}

export type Store = ConnectionSlice &
  SettingsSlice &
  CatalogueSlice &
  OrdersSlice &
  OutboxSlice &
  WizardSlice &
  UiSlice &
  ShopSlice;

const connectionSlice: StateCreator<Store, [], [], ConnectionSlice> = (set) => ({
  connection: null,
  setConnection: (connection) =>
    set((state) => (state.connection && connection.revision < state.connection.revision ? {} : { connection })),
  checkConnection: async () => {
    const state = await call('connection:check', {});
    useStore.getState().setConnection(state);
    return state;
  },
});

const settingsSlice: StateCreator<Store, [], [], SettingsSlice> = (set) => ({
  settings: null,
  appInfo: null,
  loadError: null,
  signedOut: false,
  loadSettings: async () => {
    try {
      const [settings, connection, appInfo] = await Promise.all([
        call('settings:get', {}),
        call('connection:status', {}),
        call('app:info', {}),
      ]);
      set({ settings, appInfo, loadError: null, signedOut: false });
      useStore.getState().setConnection(connection);
    } catch (error) {
      set({
        loadError: error instanceof BridgeError ? errorWords(error) : t('app.backgroundFailed'),
        signedOut: error instanceof BridgeError && error.code === 'signed_out',
      });
    }
  },
  saveSettings: async (input) => {
    const settings = await call('settings:save', input);
    set({ settings });
    return settings;
  },
  testConnection: (input) => call('connection:test', input),
  startDemo: async () => {
    const settings = await call('demo:start', {});
    set({ settings });
    useStore.getState().setConnection(await call('connection:status', {}));
  },
});

export const useStore = create<Store>()((...a) => ({
  ...connectionSlice(...a),
  ...settingsSlice(...a),
  ...catalogueSlice(...a),
  ...ordersSlice(...a),
  ...outboxSlice(...a),
  ...wizardSlice(...a),
  ...uiSlice(...a),
  ...shopSlice(...a),
}));

/** Wires push events into the store; returns the unsubscribe function. */
/** Reads everything main pushes, again (on start, and after the event stream was down). */
function reloadAll(): void {
  const state = useStore.getState();
  void state.loadSettings();
  void state.loadCatalogue().catch(() => undefined);
  void state.loadOrders().catch(() => undefined);
  void state.loadOutbox().catch(() => undefined);
  void state.loadUi().catch(() => undefined);
  void state.loadShop().catch(() => undefined);
}

export function connectStoreToMain(): () => void {
  const stops = [
    subscribe('connection:changed', (state) => {
      useStore.getState().setConnection(state);
      // a mode change (demo started elsewhere, settings saved) may change what Settings, the catalogue and orders show
      void call('settings:get', {}).then(
        (settings) => useStore.setState({ settings }),
        () => undefined,
      );
      void useStore
        .getState()
        .loadCatalogue()
        .catch(() => undefined);
      void useStore
        .getState()
        .loadOrders()
        .catch(() => undefined);
    }),
    subscribe('catalogue:progress', (status) => useStore.getState().setCatalogue(status)),
    subscribe('orders:changed', (status) => useStore.getState().setOrders(status)),
    // Settings → Shop saved on another screen of this core (a second browser tab): new orders start with it
    subscribe('shop:changed', (shop) => useStore.getState().setShop(shop)),
    subscribe(
      'outbox:changed',
      () =>
        void useStore
          .getState()
          .loadOutbox()
          .catch(() => undefined),
    ),
    onReconnect(reloadAll),
    // the browser host ended this tab's session (Sign out, another tab's Settings, eight hours unused): the whole
    // window says so and how to sign in again, rather than each screen failing on its own
    onSignedOut(
      () =>
        void useStore.setState({
          loadError: t('error.signedOut.ended'),
          signedOut: true,
        }),
    ),
  ];
  reloadAll();
  return () => stops.forEach((stop) => stop());
}
