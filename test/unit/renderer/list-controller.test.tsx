// @vitest-environment jsdom
/**
 * useListController (#28.3, #28.7), the one controller of the order and stock lists, driven through a small list of
 * its own with Testing Library: the search follows typing after the pause (at once on ↓), the selection goes back to
 * the first row, facets are read again at each version, a column sorts in its first direction and then turns round,
 * "Clear filters" puts everything back, the columns shown follow staff's choice, and keys typed outside a field go to
 * the search box when asked.
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ListColumn } from '../../../renderer/src/components/useListController';

// the screen preferences are kept through the bridge: here its calls are recorded
const bridgeCalls: { channel: string; request: unknown }[] = [];
vi.mock('../../../renderer/src/bridge', () => ({
  call: vi.fn(async (channel: string, request: unknown) => {
    bridgeCalls.push({ channel, request });
    return {};
  }),
  subscribe: vi.fn(() => () => undefined),
  onReconnect: vi.fn(() => () => undefined),
  BridgeError: class extends Error {},
}));
const { SEARCH_PAUSE_MS, useListController } = await import('../../../renderer/src/components/useListController');
const { useStore } = await import('../../../renderer/src/store');

interface Query {
  text: string;
  colour: string | null;
  sort: 'name' | 'price';
  dir: 'asc' | 'desc';
}
interface Row {
  id: number;
  name: string;
}
const DEFAULTS: Query = { text: '', colour: null, sort: 'name', dir: 'asc' };
const COLUMNS: ListColumn<Row>[] = [
  { key: 'name', header: 'Name', width: 100, required: true, render: (r) => r.name },
  { key: 'price', header: 'Price', width: 100, render: () => '1.00' },
  { key: 'sku', header: 'SKU', width: 100, render: () => 'S' },
];

type Controller = ReturnType<typeof useListController<Query, Row, string[]>>;
let seen: { controller: Controller; query: Query } | null = null;
const searched: string[] = [];
const cleared = vi.fn();
const readFacets = vi.fn(async () => ['red', 'blue']);

/** A list as a screen holds one: its query in state, a search setter like the store's. */
function List({ version, typeToSearch = false }: { version: number; typeToSearch?: boolean }) {
  const [query, setQueryState] = useState<Query>({ ...DEFAULTS, colour: 'red' });
  const setQuery = (patch: Partial<Query>): void => setQueryState((q) => ({ ...q, ...patch }));
  const controller = useListController<Query, Row, string[]>({
    query,
    setQuery,
    setSearch: (text) => {
      searched.push(text);
      setQueryState((q) => (q.text === text ? q : { ...q, text }));
    },
    defaults: DEFAULTS,
    version,
    readFacets,
    firstDir: (sort) => (sort === 'price' ? 'desc' : 'asc'),
    allColumns: () => COLUMNS,
    columnsPref: 'productColumns',
    defaultColumns: ['name', 'price'],
    onClear: cleared,
    typeToSearch,
  });
  seen = { controller, query };
  return (
    <div>
      <input
        aria-label="Search"
        ref={controller.searchRef}
        value={controller.search.value}
        onChange={(e) => controller.search.onChange(e.currentTarget.value)}
        onKeyDown={controller.search.onKeyDown}
      />
      <p data-testid="facets">{controller.facets?.join(',') ?? 'none'}</p>
      <p data-testid="columns">{controller.body.columns.map((c) => c.key).join(',')}</p>
      <p data-testid="selected">{controller.selected}</p>
      <button type="button">Elsewhere</button>
    </div>
  );
}
const state = () => seen!;

beforeEach(() => {
  vi.useFakeTimers();
  searched.length = 0;
  cleared.mockClear();
  readFacets.mockClear();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});
const settle = async (ms = 0) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));

describe('useListController', () => {
  it('arrives with the focus in the search; the list follows typing after the pause, or at once on ↓', async () => {
    render(<List version={1} />);
    await settle();
    const search = screen.getByRole('textbox', { name: 'Search' });
    expect(document.activeElement).toBe(search);

    act(() => state().controller.setSelected(4));
    fireEvent.change(search, { target: { value: 'mug' } });
    expect(screen.getByTestId('selected').textContent).toBe('0'); // typing goes back to the first row
    await settle(SEARCH_PAUSE_MS - 20);
    expect(state().query.text).toBe(''); // still typing
    await settle(40);
    expect(state().query.text).toBe('mug');

    fireEvent.change(search, { target: { value: 'mugs' } });
    fireEvent.keyDown(search, { key: 'ArrowDown' });
    expect(state().query.text).toBe('mugs'); // ↓ does not wait for the pause
  });

  it('reads the facets on arrival and again at each version', async () => {
    const { rerender } = render(<List version={1} />);
    await settle();
    expect(screen.getByTestId('facets').textContent).toBe('red,blue');
    expect(readFacets).toHaveBeenCalledTimes(1);
    rerender(<List version={1} />);
    await settle();
    expect(readFacets).toHaveBeenCalledTimes(1);
    readFacets.mockResolvedValueOnce(['green']);
    rerender(<List version={2} />);
    await settle();
    expect(screen.getByTestId('facets').textContent).toBe('green');
    // a failed read keeps the last facets
    readFacets.mockRejectedValueOnce(new Error('offline'));
    rerender(<List version={3} />);
    await settle();
    expect(screen.getByTestId('facets').textContent).toBe('green');
  });

  it('sorts a new column in its first direction, the same column the other way round, back to the first row', async () => {
    render(<List version={1} />);
    await settle();
    act(() => state().controller.setSelected(3));
    act(() => state().controller.body.onSort('price'));
    expect(state().query).toMatchObject({ sort: 'price', dir: 'desc' });
    expect(state().controller.selected).toBe(0);
    act(() => state().controller.body.onSort('price'));
    expect(state().query).toMatchObject({ sort: 'price', dir: 'asc' });
    act(() => state().controller.body.onSort('name'));
    expect(state().query).toMatchObject({ sort: 'name', dir: 'asc' });
    act(() => state().controller.body.onSort('name'));
    expect(state().query).toMatchObject({ sort: 'name', dir: 'desc' });
  });

  it('Clear filters empties the search, puts the query back to its defaults and the screen’s own state too', async () => {
    render(<List version={1} />);
    await settle();
    const search = screen.getByRole('textbox', { name: 'Search' });
    fireEvent.change(search, { target: { value: 'lamp' } });
    await settle(SEARCH_PAUSE_MS);
    act(() => state().controller.body.onSort('price'));
    act(() => state().controller.setSelected(2));
    const clearBefore = state().controller.body.onClear;

    act(() => state().controller.body.onClear());
    expect((search as HTMLInputElement).value).toBe('');
    expect(state().query).toEqual(DEFAULTS);
    expect(state().controller.selected).toBe(0);
    expect(cleared).toHaveBeenCalledTimes(1);
    expect(searched.at(-1)).toBe('');
    // the same function from one drawing to the next (the list body is drawn again only when its rows change)
    expect(state().controller.body.onClear).toBe(clearBefore);
  });

  it('shows the columns staff chose, in their order, or the list’s default; all of them for the chooser', async () => {
    useStore.setState({ ui: { ...useStore.getState().ui, productColumns: null } });
    render(<List version={1} />);
    await settle();
    expect(screen.getByTestId('columns').textContent).toBe('name,price');
    expect(state().controller.allColumns.map((c) => c.key)).toEqual(['name', 'price', 'sku']);
    // the chooser's choice is kept with the screen preferences and shown at once
    act(() => state().controller.setColumns(['sku', 'name']));
    expect(screen.getByTestId('columns').textContent).toBe('sku,name');
    expect(useStore.getState().ui.productColumns).toEqual(['sku', 'name']);
    expect(bridgeCalls.at(-1)).toMatchObject({ channel: 'ui:set', request: { productColumns: ['sku', 'name'] } });
    // a kept key no column has (from another version) is left out; null goes back to the default
    act(() => useStore.setState({ ui: { ...useStore.getState().ui, productColumns: ['sku', 'gone' as 'name'] } }));
    expect(screen.getByTestId('columns').textContent).toBe('sku');
    act(() => state().controller.setColumns(null));
    expect(screen.getByTestId('columns').textContent).toBe('name,price');
  });

  it('with typeToSearch, a letter typed outside any field goes to the search box; a shortcut does not', async () => {
    render(<List version={1} typeToSearch />);
    await settle();
    const search = screen.getByRole('textbox', { name: 'Search' });
    const elsewhere = screen.getByRole('button', { name: 'Elsewhere' });
    elsewhere.focus();
    fireEvent.keyDown(elsewhere, { key: 'k', ctrlKey: true });
    expect(document.activeElement).toBe(elsewhere);
    fireEvent.keyDown(elsewhere, { key: 'Tab' });
    expect(document.activeElement).toBe(elsewhere);
    fireEvent.keyDown(elsewhere, { key: 'm' });
    expect(document.activeElement).toBe(search);
  });

  it('without typeToSearch, keys typed outside a field stay where they are', async () => {
    render(<List version={1} />);
    await settle();
    const elsewhere = screen.getByRole('button', { name: 'Elsewhere' });
    elsewhere.focus();
    fireEvent.keyDown(elsewhere, { key: 'm' });
    expect(document.activeElement).toBe(elsewhere);
  });
});
