/**
 * Settings → Shop: the shop's name and address (printed on order sheets), the country new orders start with, the
 * currency every amount is shown in, the tax rate the Prices step applies and the shipping cost new orders start with. Stored by the core on this computer.
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
import { countryFromTyped, countryLabel, countryLabels, countryNames } from '../../../../shared/countries';
import { formatMoneyIn } from '../../../../shared/money';
import { CURRENCIES, ShopSettings as ShopSchema, type ShopSettings as Shop } from '../../../../shared/shop';
import { errorText } from '../../errors';
import { currentLocale, t } from '../../i18n';
import { useStore } from '../../store';

/** Currency names in the language in use ("Euro", "euro", "Euro"…). */
const currencyNames = (): Intl.DisplayNames | null => {
  try {
    return new Intl.DisplayNames(currentLocale(), { type: 'currency' });
  } catch {
    return null;
  }
};

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
  const locale = currentLocale();
  const countries = useMemo(() => countryLabels(locale), [locale]);
  const currencies = useMemo(() => {
    const names = currencyNames();
    return CURRENCIES.map((code) => ({ value: code, label: `${code} — ${names?.of(code) ?? code}` }));
  }, []);

  const parsed = ShopSchema.safeParse(form);
  const rateError =
    !parsed.success && parsed.error.issues.some((i) => i.path[0] === 'taxRatePercent')
      ? t('settings.shop.taxRateError')
      : undefined;
  const shippingError =
    !parsed.success && parsed.error.issues.some((i) => i.path[0] === 'defaultShipping')
      ? t('settings.shop.defaultShippingError')
      : undefined;
  const countryError =
    form.country.trim() && !countryNames().includes(form.country.trim()) ? t('settings.shop.countryError') : undefined;

  const onSave = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    if (!parsed.success || countryError) return;
    try {
      await saveShop(parsed.data);
      setState({ kind: 'saved' });
    } catch (e) {
      setState({ kind: 'failed', message: errorText(e, 'settings.shop.notSaved') });
    }
  };
  const set = (patch: Partial<Shop>): void => {
    setForm((f) => ({ ...f, ...patch }));
    setState({ kind: 'idle' });
  };
  const example = formatMoneyIn('1234.50', form.currency);

  return (
    <Paper
      withBorder
      p="lg"
      radius="md"
      component="form"
      onSubmit={(e) => void onSave(e)}
      aria-label={t('settings.shop')}
    >
      <Stack gap="sm">
        <Title order={2} fz="h3">
          {t('settings.shop')}
        </Title>
        <TextInput
          label={t('settings.shop.name')}
          value={form.name}
          onChange={(e) => set({ name: e.currentTarget.value })}
        />
        <Textarea
          label={t('settings.shop.address')}
          description={t('settings.shop.addressHelp')}
          autosize
          minRows={2}
          maxRows={5}
          value={form.address}
          onChange={(e) => set({ address: e.currentTarget.value })}
        />
        <Group grow align="flex-start">
          <Autocomplete
            label={t('settings.shop.country')}
            description={t('settings.shop.countryHelp')}
            data={countries}
            limit={8}
            // shown in the language of the screen, kept as the service names it (English)
            value={countryLabel(form.country, locale)}
            error={countryError}
            onChange={(typed) => set({ country: countryFromTyped(typed, locale) ?? typed })}
          />
          <Select
            label={t('settings.shop.currency')}
            description={
              form.currency ? t('settings.shop.currencyExample', { example }) : t('settings.shop.noCurrency')
            }
            data={currencies}
            searchable
            clearable
            value={form.currency || null}
            onChange={(currency) => set({ currency: currency ?? '' })}
            nothingFoundMessage={t('settings.shop.noCurrencyFound')}
            limit={20}
          />
        </Group>
        <Group grow align="flex-start">
          <TextInput
            label={t('settings.shop.taxRate')}
            description={t('settings.shop.taxRateHelp')}
            inputMode="decimal"
            value={form.taxRatePercent}
            error={rateError}
            onChange={(e) => set({ taxRatePercent: e.currentTarget.value })}
          />
          <Checkbox
            mt={30}
            label={t('settings.shop.shippingTaxed')}
            checked={form.shippingTaxed}
            onChange={(e) => set({ shippingTaxed: e.currentTarget.checked })}
          />
        </Group>
        <Group grow align="flex-start">
          <TextInput
            label={t('settings.shop.defaultShipping')}
            description={t('settings.shop.defaultShippingHelp')}
            inputMode="decimal"
            value={form.defaultShipping}
            error={shippingError}
            onChange={(e) => set({ defaultShipping: e.currentTarget.value })}
          />
          <div />
        </Group>
        <Group justify="space-between">
          <Text size="sm" role="status" c={state.kind === 'failed' ? 'red' : 'teal'}>
            {state.kind === 'saved' ? t('settings.shop.saved') : state.kind === 'failed' ? state.message : ''}
          </Text>
          <Button type="submit" disabled={!parsed.success || !!countryError}>
            {t('settings.shop.apply')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
