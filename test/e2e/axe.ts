import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * axe on a page, asked for its violations only. Every rule still runs on every node; what is left out is the unique
 * selector axe otherwise builds for each node that passed (axe's API docs, "Performance": the slow tail on large
 * pages). The specs read only `violations`, so nothing they check changes.
 */
export function axeOn(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
}
