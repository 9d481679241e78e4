/**
 * The Items step's product picker ("Find a product"): its search over the catalogue on this computer as you type, the
 * match chosen with the arrows, and what Enter, Escape, ↓ (into the favourites) and Ctrl/Cmd+D (pin) do in its field.
 */
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { ProductRow } from '../../../../../shared/domain';
import { call } from '../../../bridge';
import { useDelayedSearch } from '../../../components/useDelayedSearch';
import { errorText } from '../../../errors';
import { useStore } from '../../../store';
import { focusFirstTile } from '../FavouritesGrid';
import { pinShortcut, usePins } from '../usePins';
import type { WizardScans } from '../useWizardScans';
import { timesKey } from './useQuantityKeys';

const PICKER_SIZE = 8;

export type Picker = ReturnType<typeof usePicker>;

/**
 * The picker's state: as you type, products ranked whole-word and prefix name matches first, then SKU and barcode,
 * then package contents. Arrows choose, Enter (or a click) adds; the search then clears and keeps the focus for the
 * next product.
 */
export function usePicker(onPick: (p: ProductRow) => void, scans: WizardScans) {
  const { toggle: onPin } = usePins();
  const [text, setText] = useState('');
  const [found, setFound] = useState<{ text: string; rows: ProductRow[]; more: boolean } | null>(null);
  /** -1: nothing chosen (Enter in the empty field goes on to the next step). */
  const [active, setActive] = useState(-1);
  const [error, setError] = useState<string | null>(null);
  const version = useStore((s) => s.catalogueVersion);
  const ref = useRef<HTMLInputElement>(null);

  useDelayedSearch({
    text,
    revision: version,
    search: (query) => call('picker:search', { text: query, limit: PICKER_SIZE }),
    onAnswer: (query, answer) => {
      setFound({ text: query, rows: answer.rows, more: answer.more });
      setActive(0);
      setError(null);
    },
    onError: (e) => setError(errorText(e, 'wizard.items.searchFailed')),
  });

  const query = text.trim();
  const searching = query !== '';
  // with the box cleared, the last matches are not shown (and not picked by Enter)
  const matches = searching && found?.text === query ? found.rows : [];
  const shown = matches;
  const pick = (row: ProductRow | undefined): void => {
    if (!row) return;
    onPick(row);
    setText('');
    setActive(-1);
    ref.current?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>): void => {
    if (timesKey(event, text, scans)) {
      setText('');
      setActive(-1);
      return;
    }
    if (event.key === 'ArrowDown' && !searching) {
      // the empty field: ↓ goes into the favourites grid below the lines
      if (focusFirstTile()) event.preventDefault();
    } else if (pinShortcut(event) && shown[active]) {
      event.preventDefault(); // Ctrl/Cmd+D: the chosen match pinned to (or unpinned from) the favourites
      onPin(shown[active]);
    } else if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActive((a) => Math.min(shown.length - 1, a + 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((a) => Math.max(0, a - 1));
    } else if (event.key === 'Enter' && shown[active]) {
      event.preventDefault(); // Enter on a match adds it; it does not move to the next step
      pick(shown[active]);
    } else if (event.key === 'Enter' && searching) {
      event.preventDefault(); // nothing to add (yet): Enter does not leave the step with a search half done
    } else if (event.key === 'Escape' && text) {
      event.preventDefault();
      setText('');
      setActive(-1);
    }
  };
  // the option chosen with the arrows is kept in view
  useEffect(() => {
    if (active >= 0) document.getElementById(optionId(active))?.scrollIntoView({ block: 'nearest' });
  }, [active, searching]);
  return {
    ref,
    text,
    setText,
    query,
    searching,
    found,
    matches,
    active,
    setActive,
    error,
    pick,
    onKeyDown,
    setNext: scans.setNext,
  };
}

/** The id of the picker's match at `i` (the field's active descendant). */
export const optionId = (i: number): string => `product-option-${i}`;
