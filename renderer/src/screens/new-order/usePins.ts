/** The pins of this computer (#30.2): what changes them and Ctrl/Cmd+D, for the grid, the picker and the palette. */
import { notifications } from '@mantine/notifications';
import { useCallback } from 'react';
import type { ProductRow } from '../../../../shared/domain';
import { MAC } from '../../components/platform';
import { t } from '../../i18n';
import { useStore } from '../../store';
import { MAX_FAVOURITES, movePin, togglePin } from './favourites';

/** Ctrl/Cmd+D: pin (or unpin) the product chosen in a list. */
export const pinShortcut = (event: { key: string; ctrlKey: boolean; metaKey: boolean; altKey: boolean }): boolean =>
  event.key.toLowerCase() === 'd' && !event.altKey && (MAC ? event.metaKey : event.ctrlKey);

/** The pins of this computer and what changes them; each change is said in a notice. */
export function usePins() {
  const pins = useStore((s) => s.ui.favourites);
  const setUi = useStore((s) => s.setUi);
  const toggle = useCallback(
    (row: Pick<ProductRow, 'id' | 'name' | 'sku'>): void => {
      const now = useStore.getState().ui.favourites;
      const { pins: next, outcome } = togglePin(now, row.id);
      const name = row.name || row.sku;
      if (outcome !== 'full') setUi({ favourites: next });
      notifications.show({
        id: `favourite-${row.id}`,
        color: outcome === 'full' ? 'orange' : 'blue',
        message:
          outcome === 'pinned'
            ? t('favourites.pinned', { name })
            : outcome === 'unpinned'
              ? t('favourites.unpinned', { name })
              : t('favourites.full', { max: MAX_FAVOURITES }),
        autoClose: 5000,
      });
    },
    [setUi],
  );
  const move = useCallback(
    (from: number, to: number): void => setUi({ favourites: movePin(useStore.getState().ui.favourites, from, to) }),
    [setUi],
  );
  return { pins, toggle, move };
}
