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
import { MAC } from './platform';
import { startNewOrderPath } from '../screens/new-order/start';

const isTextField = (target: EventTarget | null): boolean =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/**
 * Keys typed straight after Ctrl/Cmd+K belong to the palette even before its search box is there (its chunk comes on
 * first use, and the dialog fades in): until the box has the focus they are taken from the page and added to the
 * palette's query, so a quick "Ctrl+K 224-6174" never types into the field underneath (favourites.spec lost them so
 * in a loaded CI run, and the palette then offered nothing). Escape, a shortcut, or five seconds end it.
 */
function holdKeysForPalette(append: (text: string) => void): () => void {
  const started = Date.now();
  const stop = (): void => window.removeEventListener('keydown', onKey, true);
  function onKey(event: KeyboardEvent): void {
    const box = document.querySelector('[data-palette-search]');
    if ((box && document.activeElement === box) || Date.now() - started > 5000 || event.key === 'Escape') {
      stop();
      return;
    }
    if (event.key.length !== 1 || event.ctrlKey || event.metaKey || event.altKey) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    append(event.key);
  }
  window.addEventListener('keydown', onKey, true);
  return stop;
}

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
          stopHolding.current = holdKeysForPalette((key) => setQuery((query) => query + key));
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
      {paletteUsed && <Palette query={query} setQuery={setQuery} />}
      <ShortcutsHelp opened={help} onClose={() => setHelp(false)} />
    </>
  );
}
