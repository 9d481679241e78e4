/**
 * What the screens remember between runs, before anything is kept: one list for the core (which keeps them) and the
 * renderer (which shows them until the core's copy is read). Zod-free: the first screen reads it.
 */
import type { UiPrefs } from './contract';
import { DEFAULT_PRINT_PREFS } from './print-defaults';
import { DEFAULT_SCANNER } from './scanner-prefs';
import { LOW_STOCK_THRESHOLD } from './shop-rules';

export const DEFAULT_UI: UiPrefs = {
  sidebarCollapsed: false,
  summaryCollapsed: false,
  ordersToolsUnfolded: false,
  orderColumns: null,
  productColumns: null,
  orderViews: null,
  language: 'auto',
  scannerLayoutNoticed: false,
  printing: DEFAULT_PRINT_PREFS,
  lowStock: LOW_STOCK_THRESHOLD,
  labelRules: null,
  favourites: [],
  scanner: DEFAULT_SCANNER,
};
