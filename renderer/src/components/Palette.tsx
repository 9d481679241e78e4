/**
 * Ctrl/Cmd+K: screens by name, and orders and products from the caches on this computer as you type. A quantity
 * before the search ("5* cheese", #29.6) is the quantity "Add to order" adds; the rest is the search.
 *
 * A scan into the palette (#29.1) is read by the same scanner reader as everywhere else (useScanner: the physical keys
 * through the scanner's layout, its prefix and suffix taken off, a GS1 code by its GTIN) and looked up as the Items
 * step looks a scan up: the search holds the code (after the quantity typed before it, "5* "), the product it found
 * is the one listed, and a code that found none says why (a misread, or not in the catalogue). The keys are the
 * palette's alone (`data-scan-reader`): the screen underneath does not take the scan too.
 */
import { Text } from '@mantine/core';
import { Spotlight } from '@mantine/spotlight';
import type { Dispatch, SetStateAction } from 'react';
import { useNavigate } from 'react-router';
import { money } from './format';
import { MisreadCue } from './MisreadCue';
import { PaletteProducts } from './PaletteParts';
import { PALETTE_READER, usePaletteSearch } from './usePaletteSearch';
import { scanKeysTaken } from './useScanner';
import { addToOrder } from '../screens/new-order/start';
import { usePins } from '../screens/new-order/usePins';
import { t } from '../i18n';

/** A quantity and nothing after it yet ("5*", "3 ×"). */
const QUANTITY_ONLY = /^\s*\d{1,6}\s*[*×]\s*$/;

/** Opened by Commands (Ctrl/Cmd+K, the menu); loaded in a chunk of its own (lazy.tsx). */
export function Palette({
  query,
  setQuery,
  onClose,
}: {
  query: string;
  setQuery: Dispatch<SetStateAction<string>>;
  /** The palette closed: keys typed now are the page's again. */
  onClose: () => void;
}) {
  const navigate = useNavigate();
  const { toggle: pin } = usePins();
  const { quantity, screens, current, scan, missText, empty } = usePaletteSearch(query, setQuery);
  const go = (to: string) => () => void navigate(to);

  return (
    <Spotlight.Root
      query={query}
      onQueryChange={(next) => {
        // "5*" typed: a quantity, no part of the code a scanner sends next (as in the Items step's barcode field)
        if (QUANTITY_ONLY.test(next)) scanKeysTaken();
        setQuery(next);
      }}
      shortcut={null}
      onSpotlightClose={onClose}
      scrollable
      maxHeight={420}
      // the dialog has no visible title: its name is the search's
      // and its keys are read by its own scanner reader (usePaletteSearch), not the screen's underneath
      attributes={{ content: { 'aria-label': t('palette.label'), 'data-scan-reader': PALETTE_READER } }}
    >
      {/* a search box (as Stock's): a scanner's Tab ends a code here too */}
      <Spotlight.Search
        placeholder={t('palette.placeholder')}
        aria-label={t('palette.label')}
        role="searchbox"
        data-palette-search
      />
      <Spotlight.ActionsList aria-label={t('palette.list')}>
        {screens.length > 0 && (
          <Spotlight.ActionsGroup label={t('palette.screens')}>
            {screens.map((s) => (
              <Spotlight.Action key={s.id} label={s.label} description={s.description} onClick={go(s.to)} />
            ))}
          </Spotlight.ActionsGroup>
        )}
        {current.orders.length > 0 && (
          <Spotlight.ActionsGroup label={t('nav.orders')}>
            {current.orders.map((o) => (
              <Spotlight.Action
                key={`o${o.id}`}
                label={`${o.poNumber || `#${o.id}`} — ${o.name}`}
                description={`${o.email} · ${money(o.totalPrice)}`}
                onClick={go(`/orders/${o.id}`)}
              />
            ))}
          </Spotlight.ActionsGroup>
        )}
        <PaletteProducts
          products={current.products}
          quantity={quantity}
          go={go}
          add={(p) => void addToOrder(p, false, quantity ?? 1).then((path) => navigate(path))}
          pin={pin}
        />
        {empty && (
          <Spotlight.Empty>
            {missText && scan?.miss === 'misread' ? (
              <MisreadCue text={missText} compact />
            ) : (
              <Text size="sm">{missText ?? t('palette.nothing', { query: query.trim() })}</Text>
            )}
          </Spotlight.Empty>
        )}
      </Spotlight.ActionsList>
    </Spotlight.Root>
  );
}
