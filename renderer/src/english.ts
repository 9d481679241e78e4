/**
 * Shared code's default words in the renderer. shared/i18n/english.ts gives shared code (order validation, stock
 * warnings) English when no translator is passed — the core's log and tests — by importing the whole English
 * catalogue. In the renderer the build puts this module in its place (electron.vite.config.ts): such a message comes
 * in the language in use, and the English catalogue is not carried by the first screen a second time, whole, beside
 * its first part (shared/i18n/areas.ts, #31.2). Shared code uses `english.t` only (package.test.ts checks).
 */
import type { Say } from '../../shared/i18n/english';
import { t } from './i18n';

export type { Say };
export const english: { t: Say } = { t: ((...args: Parameters<typeof t>) => t(...args)) as Say };
