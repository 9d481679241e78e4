/** Step 1: who the order is for. */
import { SimpleGrid, Stack } from '@mantine/core';
import { useStore } from '../../../store';
import type { WizardErrors } from '../errors';
import { DraftField } from './fields';

export function CustomerStep({ errors }: { errors: WizardErrors }) {
  const customer = useStore((s) => s.wizard!.data.customer);
  return (
    <Stack gap="sm" maw={560}>
      <DraftField
        label="Customer name"
        fieldKey="name"
        required
        autoComplete="off"
        value={customer.name}
        set={(d, v) => ({ ...d, customer: { ...d.customer, name: v } })}
        errors={errors}
      />
      <SimpleGrid cols={2}>
        <DraftField
          label="E-mail"
          fieldKey="email"
          type="email"
          required
          autoComplete="off"
          value={customer.email}
          set={(d, v) => ({ ...d, customer: { ...d.customer, email: v } })}
          errors={errors}
        />
        <DraftField
          label="Phone"
          fieldKey="phone"
          type="tel"
          required
          autoComplete="off"
          value={customer.phone}
          set={(d, v) => ({ ...d, customer: { ...d.customer, phone: v } })}
          errors={errors}
        />
      </SimpleGrid>
    </Stack>
  );
}
