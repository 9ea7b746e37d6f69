import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders, resetStores } from '../../testing';
import { ApiError } from '../../errors/api-error';
import { ERROR_MESSAGES } from '../../errors/describe-error';
import { useAction, type ActionOptions } from '../use-action';

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  resetStores();
  jest.restoreAllMocks();
});

function deferred() {
  let resolve!: (value: string) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<string>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** One button that sends; the sent line replaces it when `showsResult`. */
function SendButton({
  options,
  showsResult = true,
}: {
  options: Omit<ActionOptions<[string], string>, 'context'>;
  showsResult?: boolean;
}) {
  const send = useAction({ context: 'send', ...options });
  if (send.done && showsResult) {
    return (
      <p ref={send.resultRef} tabIndex={-1}>
        Sent
      </p>
    );
  }
  return (
    <div>
      <button
        ref={send.buttonRef}
        onClick={() => send.run('hello')}
        disabled={send.busy}
        aria-busy={send.busy || undefined}
      >
        {send.busy ? 'Sending...' : 'Send'}
      </button>
      {send.failure ? <p role="alert">{send.failure}</p> : null}
      {send.failure ? <button onClick={send.reset}>Forget</button> : null}
    </div>
  );
}

describe('useAction', () => {
  it('is busy while the call runs, sends once however often pressed, then focuses the result', async () => {
    const call = deferred();
    const run = jest.fn(() => call.promise);
    const onSuccess = jest.fn();
    renderWithProviders(<SendButton options={{ run, onSuccess }} />);
    const button = screen.getByRole('button', { name: 'Send' });
    button.focus();
    await userEvent.click(button);
    expect(screen.getByRole('button', { name: 'Sending...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Sending...' })).toHaveAttribute('aria-busy', 'true');
    // A press a fast double click gets in before the disabled button renders.
    button.click();
    call.resolve('ok');
    expect(await screen.findByText('Sent')).toHaveFocus();
    expect(run).toHaveBeenCalledTimes(1);
    expect(run).toHaveBeenCalledWith('hello');
    expect(onSuccess).toHaveBeenCalledWith('ok');
  });

  it('gives focus back to the button when a success shows no result', async () => {
    renderWithProviders(<SendButton options={{ run: async () => 'ok' }} showsResult={false} />);
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await screen.findByRole('button', { name: 'Send' });
    expect(screen.getByRole('button', { name: 'Send' })).toHaveFocus();
  });

  it("says a failure in describeError's words and gives focus back to the button", async () => {
    const onFailure = jest.fn();
    renderWithProviders(
      <SendButton options={{ run: () => Promise.reject(new TypeError('Failed to fetch')), onFailure }} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(ERROR_MESSAGES.network);
    expect(screen.getByRole('button', { name: 'Send' })).toHaveFocus();
    expect(onFailure).toHaveBeenCalledWith(ERROR_MESSAGES.network, expect.any(TypeError));
    expect(console.error).toHaveBeenCalledWith('[send]', expect.any(TypeError));
    await userEvent.click(screen.getByRole('button', { name: 'Forget' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows no failure for an error the caller handles', async () => {
    const handled = jest.fn((error: unknown) => error instanceof ApiError && error.code === 'gone');
    renderWithProviders(
      <SendButton
        options={{ run: () => Promise.reject(new ApiError({ message: 'Gone', code: 'gone' })), handled }}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('button', { name: 'Send' })).toHaveFocus();
    expect(handled).toHaveBeenCalled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(console.error).not.toHaveBeenCalled();
  });

  it('clears the last failure when pressed again, and can succeed then', async () => {
    const run = jest.fn().mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValueOnce('ok');
    renderWithProviders(<SendButton options={{ run }} />);
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await screen.findByRole('alert');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Sent')).toHaveFocus();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
