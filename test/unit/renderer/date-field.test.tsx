// @vitest-environment jsdom
/**
 * The wizard's date field as staff meet it (#28.7: renderer parts tested alone, with Testing Library): typed in the
 * locale in use, an impossible date says why and keeps what was typed, a real one goes into the draft as a calendar
 * day, and the help under the field matches what it holds.
 */
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Speech } from '../../../shared/i18n/languages';
import { browserBits, speechesLoaded } from './jsdom';
import { emptyDraft } from '../../../shared/order-entry';

// the renderer talks to main only through the bridge: here nothing answers, and the draft's saves are recorded
const saved: unknown[] = [];
vi.mock('../../../renderer/src/bridge', () => ({
  call: vi.fn(async (channel: string, request: unknown) => {
    if (channel === 'drafts:save') saved.push(request);
    return {};
  }),
  subscribe: vi.fn(() => () => undefined),
  onReconnect: vi.fn(() => () => undefined),
  BridgeError: class extends Error {},
}));

const { Speaking } = await import('../../../renderer/src/i18n');
const { useStore } = await import('../../../renderer/src/store');
const { DateField } = await import('../../../renderer/src/screens/new-order/steps/DateField');
const { useWizardErrors } = await import('../../../renderer/src/screens/new-order/errors');

/** The field with the wizard's own errors, as the Prices step draws it. */
function Field() {
  const open = useStore((s) => s.wizard!);
  const errors = useWizardErrors(open, 'dmy', null);
  return <DateField fieldKey="order_date" label="Order date" errors={errors} description={DESCRIPTION} />;
}

beforeAll(async () => {
  browserBits();
  await speechesLoaded();
});
afterEach(() => {
  cleanup();
  useStore.setState({ wizard: null });
  saved.length = 0;
});

const DESCRIPTION = { empty: 'Empty: the service uses today', filled: 'Clear it to let the service use today' };

function renderField(speech: Speech, orderDate = '') {
  const draft = emptyDraft(undefined, '', '');
  useStore.getState().openWizard({
    id: 'test-draft',
    // the step is not yet tried: only what typing got wrong is shown
    step: 3,
    data: { ...draft, fields: { ...draft.fields, order_date: orderDate } },
    saved: true,
  });
  render(
    <MantineProvider>
      <Speaking speech={speech}>{() => <Field />}</Speaking>
    </MantineProvider>,
  );
}
const draftDate = () => useStore.getState().wizard?.data.fields.order_date;

describe('the date field', () => {
  it('in German: 31.02.2026 says February has 28 days and keeps the text; 20.11.2026 is the 20th of November', async () => {
    const user = userEvent.setup();
    renderField({ language: 'de', locale: 'de-DE' });
    const field = await screen.findByRole('textbox', { name: 'Order date' });
    expect(field.getAttribute('placeholder')).toBe('TT.MM.JJJJ');
    expect(screen.getByText(DESCRIPTION.empty)).toBeTruthy();

    await user.type(field, '31.02.2026');
    await user.tab();
    expect(await screen.findByText(/Februar 2026 hat 28 Tage/)).toBeTruthy();
    expect((field as HTMLInputElement).value).toBe('31.02.2026');
    expect(useStore.getState().wizard?.localErrors.order_date).toMatch(/28/);

    await user.clear(field);
    await user.type(field, '20.11.2026');
    await user.tab();
    await waitFor(() => expect(draftDate()).toBe('2026-11-20'));
    expect(useStore.getState().wizard?.localErrors.order_date).toBeUndefined();
    expect(screen.getByText(DESCRIPTION.filled)).toBeTruthy();
  });

  it('in American English the same day is typed month first, and a date the draft holds is shown in that order', async () => {
    renderField({ language: 'en', locale: 'en-US' }, '2026-11-20');
    const field = await screen.findByRole('textbox', { name: 'Order date' });
    expect(field.getAttribute('placeholder')).toBe('mm/dd/yyyy');
    expect((field as HTMLInputElement).value).toBe('11/20/2026');
    expect(screen.getByText(DESCRIPTION.filled)).toBeTruthy();
  });

  it('a value an older Shopdesk kept that is no day is shown as written, with what is wrong', async () => {
    renderField({ language: 'en', locale: 'en-GB' }, '20/11/26');
    expect(await screen.findByText(/20\/11\/26/)).toBeTruthy();
  });
});
