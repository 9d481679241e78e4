/**
 * What quitting asks first (the outbox's unsent orders, and #30.1's orders on hold, named): null when nothing waits.
 * Either way everything is kept on this computer; the question only says so. Pure (no Electron import): the shell
 * shows it with dialog.showMessageBox, unit tests read it in any language.
 */
import type { Draft } from '../../shared/domain';
import { heldOrders } from '../../shared/holds';
import type { Translator } from '../../shared/i18n/translate';

/** Orders on hold named one by one; past these, "…". */
export const QUIT_NAMES = 8;

export interface QuitQuestion {
  type: 'warning';
  /** [keep Shopdesk open, quit anyway]: the first is the default and what Escape chooses. */
  buttons: [string, string];
  defaultId: 0;
  cancelId: 0;
  message: string;
  detail: string;
}

/** The question for `unsent` orders not yet sent and the drafts on this computer (those on hold are named). */
export function quitQuestion(unsent: number, drafts: readonly Draft[], t: Translator['t']): QuitQuestion | null {
  const held = heldOrders(drafts);
  if (unsent === 0 && held.length === 0) return null;
  const names = held.slice(0, QUIT_NAMES).map((d) => d.data.onHold.name);
  const heldLine = t('shell.quit.held', {
    count: held.length,
    names: held.length > names.length ? `${names.join(', ')}, …` : names.join(', '),
  });
  return {
    type: 'warning',
    buttons: [t('shell.quit.keepOpen'), t('shell.quit.anyway')],
    defaultId: 0,
    cancelId: 0,
    message: unsent > 0 ? t('shell.quit.message', { count: unsent }) : heldLine,
    detail: [
      unsent > 0 ? t('shell.quit.detail') : null,
      held.length > 0 ? `${unsent > 0 ? `${heldLine}. ` : ''}${t('shell.quit.heldDetail')}` : null,
    ]
      .filter(Boolean)
      .join('\n\n'),
  };
}
