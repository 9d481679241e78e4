/** Step 2: where the order goes, with the country chosen from a list. */
import { Autocomplete, SimpleGrid, Stack } from '@mantine/core';
import { useMemo } from 'react';
import { countryFromTyped, countryLabel, countryLabels } from '../../../../../shared/countries';
import { currentLocale, t } from '../../../i18n';
import { useStore } from '../../../store';
import type { WizardErrors } from '../errors';
import { DraftField } from './fields';

export function AddressStep({ errors }: { errors: WizardErrors }) {
  const country = useStore((s) => s.wizard!.data.fields.country);
  const updateDraft = useStore((s) => s.updateDraft);
  const locale = currentLocale();
  const countries = useMemo(() => countryLabels(locale), [locale]);
  return (
    <Stack gap="sm" maw={560}>
      <DraftField
        label={t('wizard.address.line1')}
        description={t('wizard.address.line1Help')}
        fieldKey="address_line_1"
        required
        errors={errors}
      />
      <DraftField
        label={t('wizard.address.line2')}
        description={t('wizard.address.line2Help')}
        fieldKey="address_line_2"
        errors={errors}
      />
      <SimpleGrid cols={2}>
        <DraftField label={t('wizard.address.zip')} fieldKey="zip" required errors={errors} />
        <DraftField label={t('wizard.address.city')} fieldKey="city" required errors={errors} />
      </SimpleGrid>
      <SimpleGrid cols={2}>
        <DraftField label={t('wizard.address.province')} fieldKey="province" required errors={errors} />
        <Autocomplete
          label={t('wizard.address.country')}
          required
          data={countries}
          // shown in the language of the screen; the draft keeps the service's (English) name
          value={countryLabel(country, locale)}
          // typed text is the value at once (no race with the list appearing); a country named in the screen's
          // language or in English, in any case, becomes the service's name
          onChange={(value) =>
            updateDraft(
              (d) => ({ ...d, fields: { ...d.fields, country: countryFromTyped(value, locale) ?? value } }),
              ['country'],
            )
          }
          error={errors.shown('country')}
          autoComplete="off"
          limit={8}
          comboboxProps={{ withinPortal: true }}
        />
      </SimpleGrid>
    </Stack>
  );
}
