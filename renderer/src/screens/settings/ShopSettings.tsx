/**
 * Settings → Shop: the shop's name and address (printed on order sheets), the country new orders start with, the
 * currency every amount is shown in, and the tax rate the Prices step applies. Stored by the core on this computer.
 */
import {
  Autocomplete,
  Button,
  Checkbox,
  Group,
  Paper,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useMemo, useState, type FormEvent } from 'react';
import { countryNames } from '../../../../shared/countries';
import { formatMoneyIn } from '../../../../shared/money';
import { CURRENCIES, ShopSettings as ShopSchema, type ShopSettings as Shop } from '../../../../shared/shop';
import { BridgeError } from '../../bridge';
import { useStore } from '../../store';

const currencyNames = (() => {
  try {
    return new Intl.DisplayNames(undefined, { type: 'currency' });
  } catch {
    return null;
  }
})();

export function ShopSettings() {
  const shop = useStore((s) => s.shop);
  const saveShop = useStore((s) => s.saveShop);
  const [form, setForm] = useState<Shop>(shop);
  const [state, setState] = useState<{ kind: 'idle' | 'saved' | 'failed'; message?: string }>({ kind: 'idle' });
  const [shown, setShown] = useState(shop);
  if (shown !== shop) {
    // the stored settings arrived (or were saved): the form starts from them
    setShown(shop);
    setForm(shop);
  }
  const countries = useMemo(() => countryNames(), []);
  const currencies = useMemo(
    () => CURRENCIES.map((code) => ({ value: code, label: `${code} — ${currencyNames?.of(code) ?? code}` })),
    [],
  );

  const parsed = ShopSchema.safeParse(form);
  const rateError =
    !parsed.success && parsed.error.issues.some((i) => i.path[0] === 'taxRatePercent')
      ? 'Enter a percentage from 0 to 100, such as 21 or 8.875.'
      : undefined;
  const countryError =
    form.country.trim() && !countries.includes(form.country.trim()) ? 'Choose the country from the list.' : undefined;

  const onSave = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    if (!parsed.success || countryError) return;
    try {
      await saveShop(parsed.data);
      setState({ kind: 'saved' });
    } catch (e) {
      setState({ kind: 'failed', message: e instanceof BridgeError ? e.message : 'The shop settings were not saved.' });
    }
  };
  const set = (patch: Partial<Shop>): void => {
    setForm((f) => ({ ...f, ...patch }));
    setState({ kind: 'idle' });
  };
  const example = formatMoneyIn('1234.50', form.currency);

  return (
    <Paper withBorder p="lg" radius="md" component="form" onSubmit={(e) => void onSave(e)} aria-label="Shop">
      <Stack gap="sm">
        <Title order={3}>Shop</Title>
        <TextInput label="Shop name" value={form.name} onChange={(e) => set({ name: e.currentTarget.value })} />
        <Textarea
          label="Shop address"
          description="Printed on order sheets"
          autosize
          minRows={2}
          maxRows={5}
          value={form.address}
          onChange={(e) => set({ address: e.currentTarget.value })}
        />
        <Group grow align="flex-start">
          <Autocomplete
            label="Default country"
            description="Chosen for new orders; staff can change it"
            data={countries}
            limit={8}
            value={form.country}
            error={countryError}
            onChange={(country) => set({ country })}
          />
          <Select
            label="Currency"
            description={form.currency ? `Amounts look like ${example}` : 'Amounts are shown without a currency'}
            data={currencies}
            searchable
            clearable
            value={form.currency || null}
            onChange={(currency) => set({ currency: currency ?? '' })}
            nothingFoundMessage="No currency with that code or name"
            limit={20}
          />
        </Group>
        <Group grow align="flex-start">
          <TextInput
            label="Tax rate (%)"
            description="Empty: tax is typed for each order"
            inputMode="decimal"
            value={form.taxRatePercent}
            error={rateError}
            onChange={(e) => set({ taxRatePercent: e.currentTarget.value })}
          />
          <Checkbox
            mt={30}
            label="Shipping is taxed too"
            checked={form.shippingTaxed}
            onChange={(e) => set({ shippingTaxed: e.currentTarget.checked })}
          />
        </Group>
        <Group justify="space-between">
          <Text size="sm" role="status" c={state.kind === 'failed' ? 'red' : 'teal'}>
            {state.kind === 'saved' ? 'Shop settings saved.' : state.kind === 'failed' ? state.message : ''}
          </Text>
          <Button type="submit" disabled={!parsed.success || !!countryError}>
            Apply shop settings
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
