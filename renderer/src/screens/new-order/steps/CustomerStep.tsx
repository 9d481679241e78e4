/**
 * Step 1: who the order is for. It starts with one search over the customers in the order book on this computer
 * (name, e-mail or phone; any case, accents ignored; most recent first; works offline). Choosing one fills the name,
 * e-mail, phone and the address of their latest order and goes on to the address; "New customer" shows the empty
 * fields with what was typed as the name.
 */
import { Anchor, Group, Stack, Text, TextInput } from '@mantine/core';
import { countryLabel } from '../../../../../shared/countries';
import { useLayoutEffect, useRef, useState } from 'react';
import type { Customer } from '../../../../../shared/customers';
import { CUSTOMER_STEP } from '../../../../../shared/order-entry';
import { customerRows } from '../../../../../shared/order-schema';
import { formatDay } from '../../../components/DateText';
import { pointerMoved } from '../../../components/pointer';
import { currentLocale, t } from '../../../i18n';
import { useStore } from '../../../store';
import type { WizardErrors } from '../errors';
import classes from '../wizard.module.css';
import { hasCustomer } from '../hasCustomer';
import { CustomerFields } from './fields';
import { looksLikeContact, optionId, useCustomerSearch } from './useCustomerSearch';

export function CustomerStep({ errors, onChosen }: { errors: WizardErrors; onChosen: () => void }) {
  // a draft that already names someone shows their fields; a new one starts with the search (the country may be
  // filled in beforehand from the shop's settings: that is not a customer yet)
  const customerNamed = useStore(hasCustomer);
  const [searching, setSearching] = useState(!customerNamed);
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
    const empty = customerRows(CUSTOMER_STEP)
      .flat()
      .map((k) => document.querySelector<HTMLInputElement>(`input[data-field="${k}"]`))
      .find((input) => input && input.value.trim() === '');
    empty?.focus();
  }, [searching]);
  if (searching) return <CustomerSearch onChosen={onChosen} onNew={startNew} />;
  return (
    <Stack gap="sm" maw={560}>
      <CustomerFields step={CUSTOMER_STEP} errors={errors} />
      <Anchor component="button" type="button" size="sm" w="fit-content" onClick={() => setSearching(true)}>
        {t('wizard.customer.findAnother')}
      </Anchor>
    </Stack>
  );
}
function CustomerSearch({ onChosen, onNew }: { onChosen: () => void; onNew: () => void }) {
  const { text, type, query, found, customers, options, active, setActive, error, waiting, pick, onKeyDown, listRef } =
    useCustomerSearch({ onChosen, onNew });
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
        onChange={(e) => type(e.currentTarget.value)}
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
          <CustomerOption
            key={`${c.fields.email}|${c.lastOrderId}`}
            customer={c}
            index={i}
            active={i === active}
            onActive={setActive}
            onPick={pick}
          />
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

/** A customer found: name, e-mail and phone, where they live, and how many orders (and the last one's day). */
function CustomerOption({
  customer: c,
  index: i,
  active,
  onActive,
  onPick,
}: {
  customer: Customer;
  index: number;
  active: boolean;
  onActive: (index: number) => void;
  onPick: (index: number) => void;
}) {
  return (
    <li
      id={optionId(i)}
      role="option"
      aria-selected={active}
      className={classes.customerOption}
      onMouseDown={(e) => e.preventDefault()}
      onMouseMove={(e) => {
        if (pointerMoved(e)) onActive(i);
      }}
      onClick={() => onPick(i)}
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
  );
}
