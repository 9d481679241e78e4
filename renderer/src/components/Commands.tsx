/**
 * Shopdesk's keyboard layer: the shortcuts of shared/shortcuts.ts (also what the Electron menu sends), the "?"
 * overlay that lists them, and the Ctrl/Cmd+K palette that jumps to any screen, order or product.
 */
import { spotlight } from '@mantine/spotlight';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { commandFor, type Command } from '../../../shared/shortcuts';
import { subscribe } from '../bridge';
import { Palette, ShortcutsHelp } from '../lazy';
import { holdKeysForPalette } from './paletteKeys';
import { MAC } from './platform';
import { startNewOrderPath } from '../screens/new-order/start';

const isTextField = (target: EventTarget | null): boolean =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

export function Commands() {
  const navigate = useNavigate();
  const [help, setHelp] = useState(false);
  const [query, setQuery] = useState('');
  // the palette's chunk is fetched after the first paint; it is mounted once first opened
  const [paletteUsed, setPaletteUsed] = useState(false);
  const stopHolding = useRef<(() => void) | null>(null);
  useEffect(() => () => stopHolding.current?.(), []);

  useEffect(() => {
    const run = (command: Command): void => {
      switch (command) {
        case 'go-orders':
          return void navigate('/orders');
        case 'go-new-order':
          return void navigate('/new-order');
        case 'go-stock':
          return void navigate('/stock');
        case 'go-outbox':
          return void navigate('/outbox');
        case 'go-today':
          return void navigate('/today');
        case 'go-settings':
          return void navigate('/settings');
        case 'new-order':
          return void navigate(startNewOrderPath());
        case 'focus-search': {
          const field = document.querySelector<HTMLInputElement>('[data-shortcut-search]');
          field?.focus();
          field?.select();
          return;
        }
        case 'palette':
          setQuery(''); // a fresh search each time
          setPaletteUsed(true);
          stopHolding.current?.();
          stopHolding.current = holdKeysForPalette(setQuery);
          return spotlight.open();
        case 'shortcuts':
          return setHelp(true);
      }
    };
    const onKey = (event: KeyboardEvent): void => {
      const command = commandFor(event, MAC, isTextField(event.target));
      if (!command) return;
      event.preventDefault();
      run(command);
    };
    window.addEventListener('keydown', onKey);
    const stop = subscribe('app:command', ({ command }) => run(command));
    return () => {
      window.removeEventListener('keydown', onKey);
      stop();
    };
  }, [navigate]);

  return (
    <>
      {paletteUsed && <Palette query={query} setQuery={setQuery} onClose={() => stopHolding.current?.()} />}
      <ShortcutsHelp opened={help} onClose={() => setHelp(false)} />
    </>
  );
}
