import { createRef, useState } from 'react';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { z } from 'zod';
import { findToast, renderWithProviders, resetStores } from '../../testing';
import { ApiError } from '../../errors/api-error';
import { ERROR_MESSAGES } from '../../errors/describe-error';
import { useAnnouncerStore } from '../../stores/announcer';
import { EmailField, TextField } from '../../ui/text-field';
import { Form, FormFailure, SubmitButton, SuccessNote } from '../parts';
import { FormRefusal, useFormSubmit, type FormOptions } from '../use-form-submit';

afterEach(() => {
  resetStores();
  jest.restoreAllMocks();
});

const schema = z.object({
  name: z.string().trim().min(1, 'Name is required'),
  email: z.email('Invalid email address'),
});
type Values = { name: string; email: string };
type Data = z.output<typeof schema>;
type Options = Partial<FormOptions<Values, Data, string>>;

const deferred = () => {
  let resolve!: (value: string) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<string>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
};

/** A name and an e-mail under `schema`; what `send` gets and answers is up to each test. */
function SignUpForm(options: Options) {
  const form = useFormSubmit<Values, Data, string>({
    initial: { name: '', email: '' },
    schema,
    send: async ({ name }) => name.toUpperCase(),
    success: (result) => ({ title: `Saved ${result}` }),
    ...options,
  });
  return (
    <Form form={form} aria-label="Sign up">
      <TextField label="Name" {...form.field('name')} />
      <EmailField {...form.field('email')} />
      <FormFailure form={form} />
      <SubmitButton form={form} busyLabel="Saving...">
        Save
      </SubmitButton>
      <SuccessNote form={form} />
    </Form>
  );
}

const name = () => screen.getByLabelText('Name');
const email = () => screen.getByLabelText('Email');
const save = () => screen.getByRole('button', { name: /^Sav/ });

async function fill(values: Partial<Values>) {
  if (values.name) await userEvent.type(name(), values.name);
  if (values.email) await userEvent.type(email(), values.email);
  await userEvent.click(save());
}

const findAlert = async (text: string) => {
  const toast = await findToast(text);
  expect(toast).toHaveAttribute('role', 'alert');
  return toast;
};

describe('useFormSubmit', () => {
  it('lists every message in the Validation Error toast, keeps each under its field, focuses the first, sends nothing', async () => {
    const send = jest.fn();
    renderWithProviders(<SignUpForm send={send} />);
    await fill({ email: 'nope' });
    const toast = await findAlert('Validation Error');
    expect(toast).toHaveTextContent('Name is required, Invalid email address');
    expect(name()).toHaveAttribute('aria-invalid', 'true');
    expect(name()).toHaveAccessibleDescription('Name is required');
    expect(email()).toHaveAccessibleDescription('Invalid email address');
    expect(name()).toHaveFocus();
    expect(send).not.toHaveBeenCalled();

    await userEvent.type(name(), 'A');
    expect(name()).not.toHaveAttribute('aria-invalid');
    expect(email()).toHaveAttribute('aria-invalid', 'true');
  });

  it('lists only the first message, or shows the form’s own toast, when the form says so', async () => {
    const { unmount } = renderWithProviders(<SignUpForm invalidToast="first" />);
    await fill({ email: 'nope' });
    expect(await findAlert('Validation Error')).not.toHaveTextContent('Invalid email address');
    unmount();
    renderWithProviders(
      <SignUpForm invalidToast={{ title: 'Please check your inputs', variant: 'destructive' }} />,
    );
    await fill({});
    await findAlert('Please check your inputs');
    expect(screen.getByText('Invalid email address')).toBeInTheDocument();
  });

  it('waits for a schema loaded on demand, and starts loading it when the visitor moves into the form', async () => {
    const loadSchema = jest.fn(() => Promise.resolve(schema));
    const send = jest.fn(async ({ name: value }: Data) => value);
    renderWithProviders(<SignUpForm schema={undefined} loadSchema={loadSchema} send={send} />);
    expect(loadSchema).not.toHaveBeenCalled();
    await userEvent.click(name());
    expect(loadSchema).toHaveBeenCalled();
    await fill({ name: ' Ada ', email: 'ada@example.com' });
    expect(await findToast('Saved Ada')).toBeInTheDocument();
    expect(send).toHaveBeenCalledWith({ name: 'Ada', email: 'ada@example.com' });
  });

  it('says in words when the schema cannot be loaded', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderWithProviders(
      <SignUpForm
        schema={undefined}
        loadSchema={() => Promise.reject(new TypeError('Failed to fetch dynamically imported module'))}
      />,
    );
    await fill({ name: 'Ada', email: 'ada@example.com' });
    await findAlert(ERROR_MESSAGES.network);
  });

  it('sends the parsed values once per press, then runs onSuccess, shows the toast and the focused success text', async () => {
    const call = deferred();
    const send = jest.fn(() => call.promise);
    const onSuccess = jest.fn();
    renderWithProviders(
      <SignUpForm send={send} onSuccess={onSuccess} note={(result) => `Welcome, ${result}`} clearOnSuccess />,
    );
    await fill({ name: ' Ada ', email: 'ada@example.com' });
    expect(save()).toBeDisabled();
    expect(save()).toHaveTextContent('Saving...');
    expect(screen.getByRole('form', { name: 'Sign up' })).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(save());
    expect(send).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledWith({ name: 'Ada', email: 'ada@example.com' });

    call.resolve('ADA');
    const toast = await findToast('Saved ADA');
    expect(toast).not.toHaveAttribute('role');
    expect(useAnnouncerStore.getState().current?.message).toBe('Saved ADA');
    expect(onSuccess).toHaveBeenCalledWith('ADA', { name: 'Ada', email: 'ada@example.com' });
    const note = screen.getByText('Welcome, ADA');
    expect(note).toHaveAttribute('role', 'status');
    await waitFor(() => expect(note).toHaveFocus());
    expect(name()).toHaveValue('');
    await userEvent.type(name(), 'B');
    expect(screen.queryByText('Welcome, ADA')).not.toBeInTheDocument();
  });

  it('says what failed in words for people, in the toast and beside the form, keeps the values and gives focus back', async () => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const failure = new ApiError({ message: 'TypeError: Failed to fetch' }, { cause: new TypeError() });
    renderWithProviders(<SignUpForm send={() => Promise.reject(failure)} />);
    await fill({ name: 'Ada', email: 'ada@example.com' });
    const toast = await findAlert(ERROR_MESSAGES.network);
    expect(toast).toHaveTextContent('Error');
    expect(save()).toHaveAccessibleDescription(ERROR_MESSAGES.network);
    expect(name()).toHaveAccessibleDescription(ERROR_MESSAGES.network);
    expect(name()).not.toHaveAttribute('aria-invalid');
    expect(name()).toHaveValue('Ada');
    expect(save()).toBeEnabled();
    expect(save()).toHaveFocus();
    expect(document.body).not.toHaveTextContent('TypeError');
    expect(log).toHaveBeenCalledWith('[form]', failure);

    await userEvent.type(email(), 'x');
    expect(save()).not.toHaveAccessibleDescription();
  });

  it('gives focus to the failure’s words when the form keeps its submit button disabled after the failure', async () => {
    // As the checkout does: a refused price re-quotes, and the button waits for the new quote.
    function HeldAfterFailure() {
      const [held, setHeld] = useState(false);
      const form = useFormSubmit<Values, Data, string>({
        initial: { name: 'Ada', email: 'ada@example.com' },
        schema,
        send: () => Promise.reject(new FormRefusal({ title: 'The price of your order has changed.' })),
        onFailure: () => setHeld(true),
      });
      return (
        <Form form={form} aria-label="Order">
          <FormFailure form={form} />
          <SubmitButton form={form} disabled={held}>
            Complete Purchase
          </SubmitButton>
        </Form>
      );
    }
    renderWithProviders(<HeldAfterFailure />);
    await userEvent.click(screen.getByRole('button', { name: 'Complete Purchase' }));
    await findAlert('The price of your order has changed.');
    expect(screen.getByRole('button', { name: 'Complete Purchase' })).toBeDisabled();
    const words = within(screen.getByRole('form', { name: 'Order' })).getByText(
      'The price of your order has changed.',
    );
    await waitFor(() => expect(words).toHaveFocus());
  });

  it('hands focus to the failure’s words when its focused button is disabled later, a caller’s ref on it too', async () => {
    // The checkout again: the customer is back on the button when the next re-quote holds it.
    const caller = createRef<HTMLButtonElement>();
    let hold: (held: boolean) => void = () => undefined;
    function HeldLater() {
      const [held, setHeld] = useState(false);
      hold = setHeld;
      const form = useFormSubmit<Values, Data, string>({
        initial: { name: 'Ada', email: 'ada@example.com' },
        schema,
        send: () => Promise.reject(new FormRefusal({ title: 'The price of your order has changed.' })),
      });
      return (
        <Form form={form} aria-label="Order">
          <FormFailure form={form} />
          <SubmitButton form={form} disabled={held} ref={caller}>
            Complete Purchase
          </SubmitButton>
        </Form>
      );
    }
    renderWithProviders(<HeldLater />);
    const button = screen.getByRole('button', { name: 'Complete Purchase' });
    expect(caller.current).toBe(button);
    await userEvent.click(button);
    await findAlert('The price of your order has changed.');
    act(() => button.focus());
    act(() => hold(true));
    const words = within(screen.getByRole('form', { name: 'Order' })).getByText(
      'The price of your order has changed.',
    );
    expect(words).toHaveFocus();
  });

  it('uses the form’s own words for an error it expects: under its field, or beside the form', async () => {
    const taken = new ApiError({ message: 'duplicate key', code: '23505', status: 409 });
    const refusal = (error: unknown) =>
      error instanceof ApiError && error.code === '23505'
        ? {
            title: 'Already Subscribed',
            description: 'This email is already subscribed!',
            field: 'email' as const,
          }
        : undefined;
    const { unmount } = renderWithProviders(
      <SignUpForm send={() => Promise.reject(taken)} refusal={refusal} />,
    );
    await fill({ name: 'Ada', email: 'ada@example.com' });
    const toast = await findAlert('Already Subscribed');
    expect(toast).toHaveTextContent('This email is already subscribed!');
    expect(email()).toHaveAttribute('aria-invalid', 'true');
    expect(email()).toHaveAccessibleDescription('This email is already subscribed!');
    expect(email()).toHaveFocus();
    unmount();

    renderWithProviders(
      <SignUpForm
        send={() => Promise.reject(taken)}
        refusal={() => ({ title: 'Error', description: 'Another account already uses this email address.' })}
      />,
    );
    await fill({ name: 'Ada', email: 'ada@example.com' });
    await findAlert('Another account already uses this email address.');
    expect(save()).toHaveAccessibleDescription('Another account already uses this email address.');
  });

  it('shows a refusal the call answered with (FormRefusal), and empties the fields the form names', async () => {
    const onFailure = jest.fn();
    renderWithProviders(
      <SignUpForm
        send={() => Promise.reject(new FormRefusal({ title: 'Invalid discount code', field: 'name' }))}
        clearOnFailure={['email']}
        onFailure={onFailure}
      />,
    );
    await fill({ name: 'Ada', email: 'ada@example.com' });
    await findAlert('Invalid discount code');
    expect(name()).toHaveAccessibleDescription('Invalid discount code');
    expect(name()).toHaveValue('Ada');
    expect(email()).toHaveValue('');
    expect(onFailure).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'Invalid discount code', refused: true }),
    );
  });

  it('replaces its own validation toast with the success toast', async () => {
    renderWithProviders(<SignUpForm />);
    await fill({});
    await findAlert('Validation Error');
    await fill({ name: 'Ada', email: 'ada@example.com' });
    expect(await findToast('Saved ADA')).toBeInTheDocument();
    expect(screen.queryByText('Validation Error')).not.toBeInTheDocument();
  });

  it('shares a toast group named by the page, so two forms replace each other’s toasts', async () => {
    renderWithProviders(
      <>
        <SignUpForm toastGroup="page" />
        <OtherForm />
      </>,
    );
    await fill({});
    await findAlert('Validation Error');
    await userEvent.click(screen.getByRole('button', { name: 'Other' }));
    expect(await findToast('Other done')).toBeInTheDocument();
    expect(screen.queryByText('Validation Error')).not.toBeInTheDocument();
  });

  it('shows no toast where the success function gives none', async () => {
    renderWithProviders(<SignUpForm success={() => undefined} note="Noted" />);
    await fill({ name: 'Ada', email: 'ada@example.com' });
    expect(await screen.findByText('Noted')).toHaveFocus();
    expect(screen.queryByText(/^Saved/)).not.toBeInTheDocument();
  });
});

/** A second form of the page, in its toast group. */
function OtherForm() {
  const form = useFormSubmit({
    toastGroup: 'page',
    send: async () => undefined,
    success: { title: 'Other done' },
  });
  return (
    <Form form={form} aria-label="Other">
      <SubmitButton form={form}>Other</SubmitButton>
    </Form>
  );
}
