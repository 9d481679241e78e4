/**
 * What the first screen does not need is loaded when first used: the order wizard (and the screen after sending), the
 * order view (with its print layout), Stock, Outbox, Today and Settings each come in a chunk of their own (chunks.tsx),
 * fetched once the first screen has painted. Apart from lazy.tsx (the controls' chunks), which the screens import.
 */
import { chunk } from './chunks';
import { useReportWizardOpen } from './updates';

const Wizard = chunk(() => import('./screens/new-order/WizardScreen').then((m) => m.WizardScreen));
/** The wizard, and main told it is open while it is (an update never restarts Shopdesk under an order). */
export function WizardScreen() {
  useReportWizardOpen();
  return <Wizard />;
}
export const SubmittedScreen = chunk(() =>
  import('./screens/new-order/SubmittedScreen').then((m) => m.SubmittedScreen),
);
export const OrderDetailScreen = chunk(() =>
  import('./screens/orders/OrderDetailScreen').then((m) => m.OrderDetailScreen),
);
export const StockScreen = chunk(() => import('./screens/stock/StockScreen').then((m) => m.StockScreen));
export const OutboxScreen = chunk(() => import('./screens/outbox/OutboxScreen').then((m) => m.OutboxScreen));
export const TodayScreen = chunk(() => import('./screens/today/TodayScreen').then((m) => m.TodayScreen));
export const SettingsScreen = chunk(() => import('./screens/settings/SettingsScreen').then((m) => m.SettingsScreen));
