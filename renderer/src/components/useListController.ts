/**
 * What the order and stock lists do alike, as one hook (#28.3): the search's text (typed now, searched after a short
 * pause or at once on ↓), the selected row, the facets read again whenever the rows may have changed, sorting by a
 * column, "Clear filters", and the columns shown (remembered by the caller). The screens give it their query, their
 * store's setters and their words; ListFrame and ListBody draw what it returns.
 */
import { PALETTE_SEARCH } from './paletteKeys';
import { useDebouncedValue } from '@mantine/hooks';
import {
  useCallback,
  useEffect,
  useEffectEvent,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type RefObject,
} from 'react';
import type { UiPrefs } from '../../../shared/contract';
import { useStore } from '../store';
import { moveIntoTable, type Column } from './VirtualTable';

/** How long typing pauses before the list follows the search box. */
export const SEARCH_PAUSE_MS = 120;

export interface ListQuery {
  text: string;
  sort: string;
  dir: 'asc' | 'desc';
}

/** The screen preferences that keep a list's columns. */
export type ColumnsPref = 'orderColumns' | 'productColumns';

/** A column of a list: ColumnChooser lets staff hide it unless `required`. */
export type ListColumn<Row> = Column<Row> & { required?: boolean };

export interface ListControllerOptions<Q extends ListQuery, Row, Facets> {
  query: Q;
  setQuery(patch: Partial<Q>): void;
  /** The store's search: the list follows `text` now. */
  setSearch(text: string): void;
  /** The query "Clear filters" goes back to. */
  defaults: Q;
  /** Bumped when the rows may have changed: the facets are read again. */
  version: number;
  /** The filters' choices with their counts (read on arrival and at each version); failures keep the last ones. */
  readFacets(): Promise<Facets>;
  /** The direction a column starts in when first chosen (a second click turns it round). */
  firstDir(sort: Q['sort']): 'asc' | 'desc';
  /** Every column the list can have, in its usual order: worded once (a change of language draws anew). */
  allColumns(): ListColumn<Row>[];
  /** Where staff's choice of columns (keys, in order) is kept among the screen preferences; none: `defaultColumns`. */
  columnsPref: ColumnsPref;
  defaultColumns: readonly string[];
  /** Typing in the search (beyond the text and the selection): e.g. a scan's message goes. */
  onTyping?(): void;
  /** "Clear filters" (beyond text, query and selection): the screen's own state back to its start. */
  onClear?(): void;
  /** Printable keys typed anywhere on the screen (outside fields, dialogs and menus) go to the search box. */
  typeToSearch?: boolean;
}

export function useListController<Q extends ListQuery, Row, Facets>(options: ListControllerOptions<Q, Row, Facets>) {
  const { query, setSearch, version } = options;
  // the screen's own callbacks as last given (they may be new at each drawing; onSort and clear stay the same)
  const latest = useRef(options);
  useLayoutEffect(() => {
    latest.current = options;
  });
  const [text, setText] = useState(query.text);
  const [debounced] = useDebouncedValue(text, SEARCH_PAUSE_MS);
  const [selected, setSelected] = useState(0);
  const [facets, setFacets] = useState<Facets | null>(null);
  const searchRef = useRef<HTMLInputElement>(null);

  // the search follows the text once typing pauses (a setter new at each drawing does not search again)
  const searchPaused = useEffectEvent((text: string) => setSearch(text));
  useEffect(() => searchPaused(debounced), [debounced]);
  const readFacets = useEffectEvent(() => void options.readFacets().then(setFacets, () => undefined));
  useEffect(() => readFacets(), [version]);

  // arriving puts the keys in the search: ↓ Enter straight away opens the first row (when it comes) — unless the
  // palette opened meanwhile holds them (Ctrl+K straight after a click on the navigation, while this screen's chunk
  // came): taking the focus from it sent the rest of a scan typed into the palette, and its Enter, to this search
  useEffect(() => {
    if (document.activeElement?.matches(PALETTE_SEARCH)) return;
    searchRef.current?.focus();
  }, []);
  useTypeToSearch(searchRef, options.typeToSearch === true);

  const onSort = useCallback(
    (key: string) => {
      const sort = key as Q['sort'];
      const dir = query.sort === sort ? (query.dir === 'asc' ? 'desc' : 'asc') : latest.current.firstDir(sort);
      latest.current.setQuery({ sort, dir } as Partial<Q>);
      setSelected(0);
    },
    [query.sort, query.dir],
  );
  const clear = useCallback((): void => {
    const screen = latest.current;
    setText('');
    screen.setSearch('');
    screen.setQuery({ ...screen.defaults });
    screen.onClear?.();
    setSelected(0);
  }, []);

  const type = (value: string): void => {
    setText(value);
    options.onTyping?.();
    setSelected(0);
  };
  /** ↓ in the search: the list follows what is typed now (not after the pause), and the table takes the focus. */
  const moveDown = (event: KeyboardEvent<HTMLInputElement>): boolean => {
    if (event.key === 'ArrowDown') setSearch(text);
    return moveIntoTable(event);
  };

  // worded once: a change of language draws the screen again from scratch
  const [allColumns] = useState(options.allColumns);
  const chosen = useStore((s) => s.ui[options.columnsPref]);
  const setUi = useStore((s) => s.setUi);
  const shownKeys = (chosen ?? options.defaultColumns) as string[];
  /** Staff's choice of columns, kept with the screen preferences (null: back to the list's default). */
  const setColumns = (keys: string[] | null): void =>
    setUi({ [options.columnsPref]: keys } as Partial<Pick<UiPrefs, ColumnsPref>>);
  const columns = useMemo(
    () =>
      shownKeys
        .map((key) => allColumns.find((c) => c.key === key))
        .filter((c): c is ListColumn<Row> => c !== undefined),
    [shownKeys, allColumns],
  );

  return {
    text,
    /** Sets the search box's text as if typed (the list follows after the pause). */
    setText,
    selected,
    setSelected,
    facets,
    searchRef,
    allColumns,
    shownKeys,
    setColumns,
    /** The search box's value and handlers for ListFrame (the screen adds its words, and its own keys). */
    search: { value: text, onChange: type, onKeyDown: moveDown },
    /** What every ListBody is given alike. */
    body: { query, version, columns, onSort, selected, onSelect: setSelected, onClear: clear },
  };
}

/** Printable keys typed outside any field, dialog or menu go to `ref` (the screen's search box). */
function useTypeToSearch(ref: RefObject<HTMLInputElement | null>, on: boolean): void {
  useEffect(() => {
    if (!on) return;
    const onKey = (event: globalThis.KeyboardEvent): void => {
      const target = event.target as HTMLElement | null;
      if (event.ctrlKey || event.metaKey || event.altKey || event.key.length !== 1) return;
      if (target && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA' || target.isContentEditable)) return;
      if (target?.closest('[role="dialog"], [role="menu"]')) return;
      ref.current?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [ref, on]);
}
