import { useState } from 'react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders, resetStores } from '../../testing';
import { ERROR_MESSAGES } from '../../errors/describe-error';
import { Button } from '../../ui/primitives';
import { TextField } from '../../ui/text-field';
import { useFormSubmit, type FormCheck, type FormSubmitOptions } from '../use-form-submit';

afterEach(resetStores);

type Options = Partial<FormSubmitOptions<string, string>>;

const deferred = () => {
  let resolve!: (value: string) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<string>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
};

/** A one-field form: the name is required; what `send` gets and answers is up to each test. */
function NameForm(options: Options) {
  const [name, setName] = useState('');
  const { submitting, onSubmit } = useFormSubmit<string, string>({
    check: (): FormCheck<string> =>
      name
        ? { success: true, data: name }
        : { success: false, toast: { title: 'Validation Error', description: 'Name is required' } },
    send: async (value) => value,
    success: (result) => ({ title: `Saved ${result}` }),
    ...options,
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <TextField id="name" label="Name" value={name} onChange={(e) => setName(e.target.value)} />
      <Button type="submit" disabled={submitting}>
        {submitting ? 'Saving...' : 'Save'}
      </Button>
    </form>
  );
}

async function submitName(name: string) {
  await userEvent.type(screen.getByLabelText('Name'), name);
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
}

describe('useFormSubmit', () => {
  it('shows the check’s toast and sends nothing when the values do not pass', async () => {
    const send = jest.fn();
    renderWithProviders(<NameForm send={send} />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Validation Error')).toBeInTheDocument();
    expect(screen.getByText('Name is required')).toBeInTheDocument();
    expect(send).not.toHaveBeenCalled();
  });

  it('waits for an async check (a schema loaded on demand)', async () => {
    const send = jest.fn(async (value: string) => value);
    renderWithProviders(
      <NameForm check={() => Promise.resolve({ success: true, data: 'checked' })} send={send} />,
    );
    await submitName('Ada');
    expect(await screen.findByText('Saved checked')).toBeInTheDocument();
    expect(send).toHaveBeenCalledWith('checked');
  });

  it('is submitting while the call runs, then runs onSuccess and shows the success toast', async () => {
    const call = deferred();
    const onSuccess = jest.fn();
    renderWithProviders(<NameForm send={() => call.promise} onSuccess={onSuccess} />);
    await submitName('Ada');
    expect(screen.getByRole('button', { name: 'Saving...' })).toBeDisabled();
    call.resolve('ADA-1');
    expect(await screen.findByText('Saved ADA-1')).toBeInTheDocument();
    expect(onSuccess).toHaveBeenCalledWith('ADA-1', 'Ada');
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it('shows the destructive Error toast with the message when the call fails, and keeps the values', async () => {
    const onSuccess = jest.fn();
    renderWithProviders(
      <NameForm send={() => Promise.reject(new Error('Service unavailable'))} onSuccess={onSuccess} />,
    );
    await submitName('Ada');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error');
    expect(alert).toHaveTextContent('Service unavailable');
    expect(onSuccess).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Name')).toHaveValue('Ada');
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it('shows the failure toast a form chooses for an error, and the default for the others', async () => {
    const failure = (error: unknown) =>
      (error as { code?: string }).code === '23505'
        ? { title: 'Already Subscribed', variant: 'destructive' as const }
        : undefined;
    renderWithProviders(
      <NameForm
        send={() => Promise.reject(Object.assign(new Error('dup'), { code: '23505' }))}
        failure={failure}
      />,
    );
    await submitName('Ada');
    expect(await screen.findByRole('alert')).toHaveTextContent('Already Subscribed');
  });

  it('says in words for people that the server could not be reached, never the TypeError', async () => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderWithProviders(<NameForm send={() => Promise.reject(new TypeError('Failed to fetch'))} />);
    await submitName('Ada');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(`Error${ERROR_MESSAGES.network}`);
    expect(document.body).not.toHaveTextContent('TypeError');
    expect(log).toHaveBeenCalledWith('[form]', expect.any(TypeError));
    log.mockRestore();
  });

  it('replaces its own validation toast with the success toast', async () => {
    renderWithProviders(<NameForm />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Validation Error')).toBeInTheDocument();
    await submitName('Ada');
    expect(await screen.findByText('Saved Ada')).toBeInTheDocument();
    expect(screen.queryByText('Validation Error')).not.toBeInTheDocument();
  });
});
