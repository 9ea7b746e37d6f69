import { useState } from 'react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders, resetStores } from '../../testing';
import { ERROR_MESSAGES } from '../../errors/describe-error';
import { useLoad, type LoadOptions } from '../use-load';

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  resetStores();
  jest.restoreAllMocks();
});

/** A read whose answers the test gives, one per call, and the signals each call got. */
function controlledRead() {
  const calls: {
    id: string;
    signal: AbortSignal;
    resolve: (v: string) => void;
    reject: (e: unknown) => void;
  }[] = [];
  const read = jest.fn(
    (id: string, signal: AbortSignal) =>
      new Promise<string>((resolve, reject) => calls.push({ id, signal, resolve, reject })),
  );
  return { read, calls };
}

function Greeting({
  id,
  read,
  options,
}: {
  id: string;
  read: (id: string, signal: AbortSignal) => Promise<string>;
  options?: Partial<LoadOptions>;
}) {
  const greeting = useLoad((signal) => read(id, signal), [id, read], { context: 'greeting', ...options });
  if (greeting.state === 'loading') return <p>Loading...</p>;
  if (greeting.state === 'failed') {
    return (
      <div>
        <p role="alert">{greeting.error.message}</p>
        <button onClick={greeting.retry}>Retry</button>
      </div>
    );
  }
  return (
    <div>
      <p>Hello {greeting.data}</p>
      <button onClick={() => greeting.set('set by hand')}>Replace</button>
    </div>
  );
}

/** Switches the greeting's input, to change the read's deps. */
function Switcher({ read }: { read: (id: string, signal: AbortSignal) => Promise<string> }) {
  const [id, setId] = useState('a');
  return (
    <>
      <button onClick={() => setId('b')}>Switch</button>
      <Greeting id={id} read={read} />
    </>
  );
}

describe('useLoad', () => {
  it('shows loading, then the data', async () => {
    const { read, calls } = controlledRead();
    renderWithProviders(<Greeting id="a" read={read} />);
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    calls[0]!.resolve('Ada');
    expect(await screen.findByText('Hello Ada')).toBeInTheDocument();
  });

  it("shows a failure in describeError's words, and Retry reads again from loading", async () => {
    const { read, calls } = controlledRead();
    const onFailure = jest.fn();
    renderWithProviders(<Greeting id="a" read={read} options={{ onFailure }} />);
    calls[0]!.reject(new TypeError('Failed to fetch'));
    expect(await screen.findByRole('alert')).toHaveTextContent(ERROR_MESSAGES.network);
    expect(onFailure).toHaveBeenCalledWith(
      expect.objectContaining({ kind: 'network' }),
      expect.any(TypeError),
    );
    // The detail goes to the console, named by the context.
    expect(console.error).toHaveBeenCalledWith('[greeting]', expect.any(TypeError));

    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(read).toHaveBeenCalledTimes(2);
    calls[1]!.resolve('Grace');
    expect(await screen.findByText('Hello Grace')).toBeInTheDocument();
  });

  it('logs the failure of an optional read as a warning, not an error, and still shows it', async () => {
    const warning = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { read, calls } = controlledRead();
    renderWithProviders(<Greeting id="a" read={read} options={{ optional: true }} />);
    calls[0]!.reject(new TypeError('Failed to fetch'));
    expect(await screen.findByRole('alert')).toHaveTextContent(ERROR_MESSAGES.network);
    expect(warning).toHaveBeenCalledWith('[greeting]', expect.any(TypeError));
    expect(console.error).not.toHaveBeenCalled();
  });

  it('aborts the read when its input changes, and drops its late answer', async () => {
    const { read, calls } = controlledRead();
    renderWithProviders(<Switcher read={read} />);
    await userEvent.click(screen.getByRole('button', { name: 'Switch' }));
    expect(calls.map((c) => c.id)).toEqual(['a', 'b']);
    expect(calls[0]!.signal.aborted).toBe(true);
    expect(calls[1]!.signal.aborted).toBe(false);
    calls[1]!.resolve('B');
    expect(await screen.findByText('Hello B')).toBeInTheDocument();
    // The first read answers last: the page keeps the second's.
    calls[0]!.resolve('A');
    calls[0]!.reject(new Error('late'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.getByText('Hello B')).toBeInTheDocument();
    expect(console.error).not.toHaveBeenCalled();
  });

  it('aborts the read when the component unmounts, and says nothing of its failure', async () => {
    const { read, calls } = controlledRead();
    const onFailure = jest.fn();
    const { unmount } = renderWithProviders(<Greeting id="a" read={read} options={{ onFailure }} />);
    unmount();
    expect(calls[0]!.signal.aborted).toBe(true);
    calls[0]!.reject(new DOMException('The operation was aborted.', 'AbortError'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(onFailure).not.toHaveBeenCalled();
    expect(console.error).not.toHaveBeenCalled();
  });

  it('aborts the failed-and-retried read when a retry replaces one in flight', async () => {
    const { read, calls } = controlledRead();
    renderWithProviders(<Greeting id="a" read={read} />);
    calls[0]!.reject(new TypeError('Failed to fetch'));
    await userEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(calls[0]!.signal.aborted).toBe(true);
    expect(calls[1]!.signal.aborted).toBe(false);
  });

  it('reads nothing while disabled, and stays loading', async () => {
    const { read } = controlledRead();
    renderWithProviders(<Greeting id="a" read={read} options={{ enabled: false }} />);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(read).not.toHaveBeenCalled();
    expect(screen.getByText('Loading...')).toBeInTheDocument();
  });

  it('shows data set by hand as the read', async () => {
    const { read, calls } = controlledRead();
    renderWithProviders(<Greeting id="a" read={read} />);
    calls[0]!.resolve('Ada');
    await userEvent.click(await screen.findByRole('button', { name: 'Replace' }));
    expect(screen.getByText('Hello set by hand')).toBeInTheDocument();
  });
});
