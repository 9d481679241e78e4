/** Step 2: where the order goes, with the country chosen from a list. */
import { Autocomplete, SimpleGrid, Stack } from '@mantine/core';
import { useMemo } from 'react';
import { countryNames } from '../../../../../shared/countries';
import type { DraftData } from '../../../../../shared/domain';
import { useStore } from '../../../store';
import type { WizardErrors } from '../errors';
import { DraftField } from './fields';

/** The list's spelling of a country typed in any case ("united kingdom"), or null. */
function canonicalCountry(text: string): string | null {
  const wanted = text.trim().toLocaleLowerCase('en');
  return countryNames().find((c) => c.toLocaleLowerCase('en') === wanted) ?? null;
}

const withAddress = (d: DraftData, patch: Partial<DraftData['address']>): DraftData => ({
  ...d,
  address: { ...d.address, ...patch },
});

export function AddressStep({ errors }: { errors: WizardErrors }) {
  const address = useStore((s) => s.wizard!.data.address);
  const updateDraft = useStore((s) => s.updateDraft);
  const countries = useMemo(() => countryNames(), []);
  return (
    <Stack gap="sm" maw={560}>
      <DraftField
        label="Address line 1"
        description="Street and number"
        fieldKey="address_line_1"
        required
        autoComplete="off"
        value={address.line1}
        set={(d, v) => withAddress(d, { line1: v })}
        errors={errors}
      />
      <DraftField
        label="Address line 2"
        description="Optional: apartment, floor, company"
        fieldKey="address_line_2"
        autoComplete="off"
        value={address.line2}
        set={(d, v) => withAddress(d, { line2: v })}
        errors={errors}
      />
      <SimpleGrid cols={2}>
        <DraftField
          label="Postcode"
          fieldKey="zip"
          required
          autoComplete="off"
          value={address.zip}
          set={(d, v) => withAddress(d, { zip: v })}
          errors={errors}
        />
        <DraftField
          label="City"
          fieldKey="city"
          required
          autoComplete="off"
          value={address.city}
          set={(d, v) => withAddress(d, { city: v })}
          errors={errors}
        />
      </SimpleGrid>
      <SimpleGrid cols={2}>
        <DraftField
          label="Province or state"
          fieldKey="province"
          required
          autoComplete="off"
          value={address.province}
          set={(d, v) => withAddress(d, { province: v })}
          errors={errors}
        />
        <Autocomplete
          label="Country"
          required
          data={countries}
          value={address.country}
          // typed text is the value at once (no race with the list appearing); a name in any case becomes the list's
          onChange={(value) =>
            updateDraft((d) => withAddress(d, { country: canonicalCountry(value) ?? value }), ['country'])
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
