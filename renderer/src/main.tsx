import '@mantine/core/styles.css';
import '@mantine/charts/styles.css';
import '@mantine/spotlight/styles.css';
import '@mantine/notifications/styles.css';
import './app.css';
import '@mantine/dates/styles.css';
import './print.css';
import './contrast.css';
import {
  CloseButton,
  MantineProvider,
  createTheme,
  type CloseButtonProps,
  type CSSVariablesResolver,
  type DrawerProps,
  type ModalProps,
} from '@mantine/core';
import { StrictMode, useMemo } from 'react';
import { createRoot } from 'react-dom/client';
import { HashRouter } from 'react-router';
import { App } from './App';
import { askFirstOrders } from './components/firstOrders';
import { Speaking, t } from './i18n';
import { Notifications } from './lazy';
import { useSpeech } from './speech';
import { connectStoreToMain } from './store';

// Colours chosen for a contrast of at least 4.5:1 in both themes: white on the primary blue (shade 8), secondary
// text, error text, and the text of every "light" variant (badges, the active navigation link) a shade darker.
const themeFor = (closeLabel: string) =>
  createTheme({
    primaryColor: 'blue',
    primaryShade: { light: 8, dark: 8 },
    defaultRadius: 'md',
    // staff who asked their computer for less motion get none: dialogs, menus and notices appear and go without fading
    respectReducedMotion: true,
    components: {
      // every close button (modals, drawers, alerts, notifications) has a name, in the language in use
      CloseButton: CloseButton.extend({ defaultProps: { 'aria-label': closeLabel } as Partial<CloseButtonProps> }),
      // a dialog's or drawer's header is not a second banner of the page (the app's own header is the one banner)
      // (plain objects rather than Modal.extend: naming the components would put them in the first screen's script)
      Modal: { defaultProps: { attributes: { header: { role: 'none' } } } satisfies Partial<ModalProps> },
      Drawer: { defaultProps: { attributes: { header: { role: 'none' } } } satisfies Partial<DrawerProps> },
    },
  });
const resolver: CSSVariablesResolver = (t) => {
  const light: Record<string, string> = {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
  };
  const dark: Record<string, string> = {
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    '--mantine-color-error': 'var(--mantine-color-red-4)',
  };
  for (const color of Object.keys(t.colors)) {
    light[`--mantine-color-${color}-light-color`] = `color-mix(in srgb, var(--mantine-color-${color}-9) 72%, black)`;
    dark[`--mantine-color-${color}-light-color`] = `var(--mantine-color-${color}-1)`;
  }
  return { variables: {}, light, dark };
};

/** The app in the language in use: drawn once its catalogue is loaded, and again from scratch when it changes. */
function Themed() {
  const closeLabel = t('common.close');
  const theme = useMemo(() => themeFor(closeLabel), [closeLabel]);
  return (
    <MantineProvider theme={theme} defaultColorScheme="auto" cssVariablesResolver={resolver}>
      <Notifications position="top-right" limit={3} containerWidth={380} />
      <HashRouter>
        <App />
      </HashRouter>
    </MantineProvider>
  );
}

// The store is wired to main as the scripts start, before React's first commit (#31.2: its effects came ~40 ms later),
// and before the language is known: Settings' choice of it is read from main. It stays wired while the page lives.
connectStoreToMain();
// the order list's first rows asked beside those reads when the window opens on it (the path is the router's)
askFirstOrders(window.location.hash.replace(/^#/, '') || '/');

function Root() {
  return <Speaking speech={useSpeech()}>{() => <Themed />}</Speaking>;
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Root />
  </StrictMode>,
);
