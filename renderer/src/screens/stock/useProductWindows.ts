/**
 * Windows of product rows fetched from main as the table scrolls (100 rows a block). Only blocks near the
 * visible range are kept: the renderer never holds the catalogue.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ProductRow } from '../../../../shared/domain';
import { BridgeError, call } from '../../bridge';
import type { StockQuery } from '../../store/catalogue';

export const BLOCK = 100;
const KEEP_BLOCKS = 20;

export function useProductWindows(query: StockQuery, version: number) {
  const [blocks, setBlocks] = useState<Map<number, ProductRow[]>>(() => new Map());
  const [total, setTotal] = useState<number | null>(null);
  const [cachedProducts, setCachedProducts] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const queryKey = JSON.stringify(query);
  const current = useRef({ queryKey, version, range: [0, 0] as [number, number], loading: new Set<string>() });

  const fetchBlock = useCallback(
    async (block: number) => {
      const key = queryKey;
      const tag = `${key}|${version}|${block}`;
      if (current.current.loading.has(tag)) return;
      current.current.loading.add(tag);
      try {
        const window = await call('catalogue:query', {
          ...(JSON.parse(key) as StockQuery),
          offset: block * BLOCK,
          limit: BLOCK,
        });
        if (current.current.queryKey !== key) return; // the query changed meanwhile
        setTotal(window.total);
        setCachedProducts(window.cachedProducts);
        setError(null);
        setBlocks((previous) => {
          const next = new Map(previous);
          next.set(block, window.rows);
          const [start, end] = current.current.range;
          const centre = Math.floor((start + end) / 2 / BLOCK);
          for (const b of next.keys())
            if (next.size > KEEP_BLOCKS && Math.abs(b - centre) > KEEP_BLOCKS / 2) next.delete(b);
          return next;
        });
      } catch (e) {
        setError(e instanceof BridgeError ? e.message : 'The catalogue could not be read.');
      } finally {
        current.current.loading.delete(tag);
      }
    },
    [queryKey, version],
  );

  // A new query starts from the top; a new catalogue version refreshes what is on screen, keeping old rows meanwhile.
  useEffect(() => {
    const queryChanged = current.current.queryKey !== queryKey;
    current.current = { ...current.current, queryKey, version };
    if (queryChanged) {
      setBlocks(new Map());
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
      for (let b = Math.floor(start / BLOCK); b <= Math.floor(end / BLOCK); b++) {
        if (!blocks.has(b)) void fetchBlock(b);
      }
    },
    [blocks, fetchBlock],
  );

  const getRow = useCallback((index: number) => blocks.get(Math.floor(index / BLOCK))?.[index % BLOCK], [blocks]);

  return { total, cachedProducts, getRow, onRangeChange, error };
}
