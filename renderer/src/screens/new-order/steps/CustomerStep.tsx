/**
 * Step 1: who the order is for. It starts with one search over the customers in the order book on this computer
 * (name, e-mail or phone; any case, accents ignored; most recent first; works offline). Choosing one fills the name,
 * e-mail, phone and the address of their latest order and goes on to the address; "New customer" shows the empty
 * fields with what was typed as the name.
 */
import { Anchor, Group, Stack, Text, TextInput } from '@mantine/core';
import { countryLabel } from '../../../../../shared/countries';
import {
  useEffect,
  useEffectEvent,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type RefObject,
} from 'react';
import { CUSTOMER_FIELDS, type Customer } from '../../../../../shared/customers';
import { customerRows } from '../../../../../shared/order-schema';
import { call } from '../../../bridge';
import { formatDay } from '../../../components/DateText';
import { pointerMoved } from '../../../components/pointer';
import { errorText } from '../../../errors';
import { currentLocale, t } from '../../../i18n';
import { useStore } from '../../../store';
import type { WizardErrors } from '../errors';
import classes from '../wizard.module.css';
import { CustomerFields } from './fields';

const SEARCH_SIZE = 8;
const looksLikeContact = (text: string): boolean => /@|^[\d\s()+./-]+$/.test(text.trim());

export function CustomerStep({ errors, onChosen }: { errors: WizardErrors; onChosen: () => void }) {
  // a draft that already names someone shows their fields; a new one starts with the search (the country may be
  // filled in beforehand from the shop's settings: that is not a customer yet)
  const hasCustomer = useStore((s) =>
    (['name', 'email', 'phone'] as const).some((k) => s.wizard!.data.fields[k].trim()),
  );
  const [searching, setSearching] = useState(!hasCustomer);
  /** Set by "New customer": the fields' first empty one takes the focus in the commit that shows them. */
  const focusFirstEmpty = useRef(false);
  const startNew = (): void => {
    focusFirstEmpty.current = true;
    setSearching(false);
  };
  // the first of the customer's fields (name, e-mail, phone) still empty gets the focus (the name when it was typed in the search) before
  // the browser handles the next key: the search field is gone by then, and a key typed at once (a fast typist
  // right after Enter) would otherwise land on the page and be lost
  useLayoutEffect(() => {
    if (searching || !focusFirstEmpty.current) return;
    focusFirstEmpty.current = false;
    const empty = customerRows(0)
      .flat()
      .map((k) => document.querySelector<HTMLInputElement>(`input[data-field="${k}"]`))
      .find((input) => input && input.value.trim() === '');
    empty?.focus();
  }, [searching]);
  if (searching) return <CustomerSearch onChosen={onChosen} onNew={startNew} />;
  return (
    <Stack gap="sm" maw={560}>
      <CustomerFields step={0} errors={errors} />
      <Anchor component="button" type="button" size="sm" w="fit-content" onClick={() => setSearching(true)}>
        {t('wizard.customer.findAnother')}
      </Anchor>
    </Stack>
  );
}

function CustomerSearch({ onChosen, onNew }: { onChosen: () => void; onNew: () => void }) {
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
  const answered = useEffectEvent((customers: Customer[]) => {
    if (!pendingEnter.current) return;
    pendingEnter.current = false;
    if (customers[0]) choose(customers[0]);
    else startNew();
  });

  useEffect(() => {
    const query = text.trim();
    if (!query) return;
    let stale = false;
    const timer = setTimeout(() => {
      call('customers:search', { text: query, limit: SEARCH_SIZE }).then(
        (result) => {
          if (stale) return;
          setFound({ text: query, customers: result.customers, cached: result.cachedOrders });
          setActive(0);
          setError(null);
          answered(result.customers);
        },
        (e: unknown) => !stale && setError(errorText(e, 'wizard.customer.searchFailed')),
      );
    }, 60);
    return () => {
      stale = true;
      clearTimeout(timer);
    };
  }, [text, ordersRevision]);

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
  const optionId = (i: number): string => `customer-option-${i}`;
  const waiting = query !== '' && found?.text !== query && !error;
  return (
    <Stack gap={6} maw={720}>
      <TextInput
        label={t('wizard.customer.find')}
        description={t('wizard.customer.findHelp')}
        placeholder={t('wizard.customer.findPlaceholder')}
        value={text}
        data-autofocus
        autoComplete="off"
        role="combobox"
        aria-expanded
        aria-controls="customer-options"
        aria-autocomplete="list"
        aria-activedescendant={waiting ? undefined : optionId(Math.min(active, options - 1))}
        onChange={(e) => {
          pendingEnter.current = false;
          setText(e.currentTarget.value);
        }}
        onKeyDown={onKeyDown}
        error={error}
      />
      <ul
        id="customer-options"
        role="listbox"
        aria-label={t('wizard.customer.list')}
        aria-busy={waiting}
        className={classes.options}
        ref={listRef}
      >
        {customers.map((c, i) => (
          <li
            key={`${c.fields.email}|${c.lastOrderId}`}
            id={optionId(i)}
            role="option"
            aria-selected={i === active}
            className={classes.customerOption}
            onMouseDown={(e) => e.preventDefault()}
            onMouseMove={(e) => {
              if (pointerMoved(e)) setActive(i);
            }}
            onClick={() => pick(i)}
          >
            <Text size="sm" fw={600}>
              {c.fields.name || '—'}
            </Text>
            <Text size="sm" c="dimmed">
              {[c.fields.email, c.fields.phone].filter(Boolean).join(' · ')}
            </Text>
            <Text size="sm">
              {[c.fields.city, c.fields.country && countryLabel(c.fields.country, currentLocale())]
                .filter(Boolean)
                .join(', ')}
              <Text span size="xs" c="dimmed">
                {' '}
                ·{' '}
                {c.lastOrderDay
                  ? t('wizard.customer.ordersLast', { count: c.orders, day: formatDay(c.lastOrderDay) })
                  : t('wizard.customer.orders', { count: c.orders })}
              </Text>
            </Text>
          </li>
        ))}
        <li
          id={optionId(options - 1)}
          role="option"
          aria-selected={active >= options - 1}
          className={classes.customerOption}
          onMouseDown={(e) => e.preventDefault()}
          onMouseMove={(e) => {
            if (pointerMoved(e)) setActive(options - 1);
          }}
          onClick={() => pick(options - 1)}
        >
          <Text size="sm" fw={600}>
            {query && !looksLikeContact(query)
              ? t('wizard.customer.newNamed', { name: query })
              : t('wizard.customer.new')}
          </Text>
          <Text size="sm" c="dimmed">
            {t('wizard.customer.newHelp')}
          </Text>
        </li>
      </ul>
      <Group gap="xs" mih={20}>
        <Text size="xs" c="dimmed" role="status" aria-live="polite">
          {waiting
            ? t('wizard.customer.searching')
            : query && customers.length === 0
              ? t('wizard.customer.noMatch', { query })
              : found && found.cached === 0
                ? t('wizard.customer.emptyBook')
                : ''}
        </Text>
      </Group>
    </Stack>
  );
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
