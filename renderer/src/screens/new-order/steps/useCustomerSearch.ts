/**
 * The Customer step's search over the customers in the order book on this computer: what is typed, the answer for it
 * (as many as fit above the step's buttons, then "New customer"), the option chosen with the arrows, and Enter (which
 * waits for the answer for what was typed) choosing a customer, whose fields fill the draft, or starting a new one
 * named by what was typed.
 */
import { useEffect, useEffectEvent, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { CUSTOMER_FIELDS, type Customer } from '../../../../../shared/customers';
import { call } from '../../../bridge';
import { useDelayedSearch } from '../../../components/useDelayedSearch';
import { errorText } from '../../../errors';
import { useStore } from '../../../store';

const SEARCH_SIZE = 8;
/** Typed text that is an e-mail or a phone number, not a name for a new customer. */
export const looksLikeContact = (text: string): boolean => /@|^[\d\s()+./-]+$/.test(text.trim());

/** The id of the search's option at `i` (the field's active descendant). */
export const optionId = (i: number): string => `customer-option-${i}`;

export function useCustomerSearch({ onChosen, onNew }: { onChosen: () => void; onNew: () => void }) {
  const updateDraft = useStore((s) => s.updateDraft);
  const ordersRevision = useStore((s) => s.orders?.revision ?? 0);
  const [text, setText] = useState('');
  const [found, setFound] = useState<{ text: string; customers: Customer[]; cached: number } | null>(null);
  const [active, setActive] = useState(0);
  const [error, setError] = useState<string | null>(null);
  /** Enter pressed before the answer for what was typed came in: it takes the first option once it does. */
  const pendingEnter = useRef(false);

  const choose = (customer: Customer): void => {
    updateDraft((d) => ({ ...d, fields: { ...d.fields, ...customer.fields } }), [...CUSTOMER_FIELDS]);
    onChosen();
  };
  const startNew = (): void => {
    const typed = text.trim();
    if (typed && !looksLikeContact(typed))
      updateDraft((d) => ({ ...d, fields: { ...d.fields, name: typed } }), ['name']);
    onNew();
  };

  useDelayedSearch({
    text,
    revision: ordersRevision,
    search: (query) => call('customers:search', { text: query, limit: SEARCH_SIZE }),
    onAnswer: (query, result) => {
      setFound({ text: query, customers: result.customers, cached: result.cachedOrders });
      setActive(0);
      setError(null);
      // an Enter pressed while this answer was on its way takes its first option
      if (!pendingEnter.current) return;
      pendingEnter.current = false;
      const first = result.customers[0];
      if (first) choose(first);
      else startNew();
    },
    onError: (e) => setError(errorText(e, 'wizard.customer.searchFailed')),
  });

  const query = text.trim();
  const listRef = useRef<HTMLUListElement>(null);
  const fits = useRowsThatFit(listRef, SEARCH_SIZE + 1);
  // as many as fit above the step's buttons, "New customer" among them: typing more finds the others
  const customers = (query && found?.text === query ? found.customers : []).slice(0, fits - 1);
  // the last option is always "New customer"
  const options = customers.length + 1;

  const pick = (index: number): void => {
    if (index < customers.length) choose(customers[index]!);
    else startNew();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>): void => {
    if (event.key === 'Escape' && text !== '') {
      // Escape empties the search, as in every search field (#27.8)
      event.preventDefault();
      setText('');
      setActive(0);
    } else if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActive((a) => Math.min(options - 1, a + 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((a) => Math.max(0, a - 1));
    } else if (event.key === 'Enter') {
      event.preventDefault(); // Enter chooses; it never submits the step with nothing chosen
      if (query && found?.text !== query) {
        pendingEnter.current = true; // the answer for what was typed is not in yet
        return;
      }
      pick(Math.min(active, options - 1));
    }
  };
  const waiting = query !== '' && found?.text !== query && !error;
  /** What is typed in the search: an Enter waiting for the answer for what was there before is forgotten. */
  const type = (value: string): void => {
    pendingEnter.current = false;
    setText(value);
  };
  return { text, type, query, found, customers, options, active, setActive, error, waiting, pick, onKeyDown, listRef };
}

/**
 * How many options of `list` fit on the screen with what follows them in the form (the status line, the step's
 * buttons): the list takes the space that is left and never scrolls, as the products often ordered on Items (#27.1,
 * #27.7: 1024×700). At least four (three customers), at most `most`; measured again when the list or the window changes size.
 */
function useRowsThatFit(list: RefObject<HTMLUListElement | null>, most: number): number {
  const [fits, setFits] = useState(most);
  const measure = useEffectEvent(() => {
    const el = list.current;
    const rows = el ? [...el.children] : [];
    const form = el?.closest('form');
    const buttons = form?.querySelector('button[type="submit"]');
    if (!el || rows.length === 0 || !buttons) return;
    const top = el.getBoundingClientRect().top;
    const listHeight = el.getBoundingClientRect().height;
    const rowHeight = rows.reduce((sum, row) => sum + row.getBoundingClientRect().height, 0) / rows.length;
    const below = buttons.getBoundingClientRect().bottom - (top + listHeight);
    const frame = listHeight - rowHeight * rows.length; // the list's own padding and border
    const room = window.innerHeight - top - frame - below - SCREEN_MARGIN;
    const next = Math.max(4, Math.min(most, Math.floor(room / rowHeight)));
    setFits((was) => (was === next ? was : next));
  });
  useEffect(() => {
    const el = list.current;
    if (!el) return;
    // the list's size changes with what it offers and with the window: measured again before it is drawn
    const observer = new ResizeObserver(() => measure());
    observer.observe(el);
    const onResize = (): void => setFits(most); // the whole list again, then measured
    window.addEventListener('resize', onResize);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', onResize);
    };
  }, [list, most]);
  return fits;
}
/** Room kept under the step's buttons (the page's own padding). */
const SCREEN_MARGIN = 16;
