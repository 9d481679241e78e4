/**
 * Windows of rows fetched from main as a virtual table scrolls (100 rows a block). Only blocks near the visible
 * range are kept: the renderer never holds the whole list.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { firstScreenShown } from '../chunks';
import { errorText } from '../errors';

export const BLOCK = 100;
const KEEP_BLOCKS = 20;
const NO_BLOCKS: ReadonlyMap<number, never> = new Map<number, never>();

export interface Window<Row> {
  rows: Row[];
  total: number;
  cached: number;
}

/**
 * `queryKey` identifies the query (a new one starts from the top); `version` says the rows may have changed
 * (visible blocks are fetched again, old rows kept meanwhile).
 */
export function useWindows<Row>(
  queryKey: string,
  version: number,
  fetchWindow: (offset: number, limit: number) => Promise<Window<Row>>,
  /** The first block, already read (the order list's, asked as the app started: components/firstOrders.ts). */
  come: Window<Row> | null = null,
) {
  // the blocks carry the query they answer: rows of the previous query are never offered for a new one, not even
  // in the render between the new query and the effect that clears them (a fast ↓ Enter would open a stale row)
  const [held, setHeld] = useState<{ queryKey: string; blocks: Map<number, Row[]> }>(() => ({
    queryKey,
    blocks: new Map(come ? [[0, come.rows]] : []),
  }));
  const blocks: ReadonlyMap<number, Row[]> = held.queryKey === queryKey ? held.blocks : NO_BLOCKS;
  const [total, setTotal] = useState<number | null>(come?.total ?? null);
  const [cached, setCached] = useState(come?.cached ?? 0);
  const [error, setError] = useState<string | null>(null);
  const current = useRef({ queryKey, version, range: [0, 0] as [number, number], loading: new Set<string>() });

  const fetchBlock = useCallback(
    async (block: number) => {
      const tag = `${queryKey}|${version}|${block}`;
      if (current.current.loading.has(tag)) return;
      current.current.loading.add(tag);
      try {
        const window = await fetchWindow(block * BLOCK, BLOCK);
        if (current.current.queryKey !== queryKey) return; // the query changed meanwhile
        setTotal(window.total);
        setCached(window.cached);
        setError(null);
        setHeld((previous) => {
          const next = new Map(previous.queryKey === queryKey ? previous.blocks : undefined);
          next.set(block, window.rows);
          const [start, end] = current.current.range;
          const centre = Math.floor((start + end) / 2 / BLOCK);
          for (const b of next.keys())
            if (next.size > KEEP_BLOCKS && Math.abs(b - centre) > KEEP_BLOCKS / 2) next.delete(b);
          return { queryKey, blocks: next };
        });
      } catch (e) {
        setError(errorText(e, 'list.unreadable'));
      } finally {
        // a list's first answer (rows, none, or an error) is the first screen: the chunks may come now (chunks.tsx)
        firstScreenShown();
        current.current.loading.delete(tag);
      }
    },
    [queryKey, version, fetchWindow],
  );

  useEffect(() => {
    const queryChanged = current.current.queryKey !== queryKey;
    current.current = { ...current.current, queryKey, version };
    if (queryChanged) {
      setHeld({ queryKey, blocks: new Map() });
      current.current.range = [0, 0];
      void fetchBlock(0);
      return;
    }
    const [start, end] = current.current.range;
    for (let b = Math.floor(start / BLOCK); b <= Math.floor(end / BLOCK); b++) void fetchBlock(b);
  }, [queryKey, version, fetchBlock]);

  const onRangeChange = useCallback(
    (start: number, end: number) => {
      current.current.range = [start, end];
      // the visible blocks, and one block ahead either way, so rows mount with their data while scrolling
      const first = Math.max(0, Math.floor((start - BLOCK / 2) / BLOCK));
      const last = Math.floor((end + BLOCK / 2) / BLOCK);
      for (let b = first; b <= last; b++) {
        if (!blocks.has(b)) void fetchBlock(b);
      }
    },
    [blocks, fetchBlock],
  );

  const getRow = useCallback((index: number) => blocks.get(Math.floor(index / BLOCK))?.[index % BLOCK], [blocks]);

  return { total, cached, getRow, onRangeChange, error };
}
