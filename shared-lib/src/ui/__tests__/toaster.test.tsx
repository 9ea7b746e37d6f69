import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders, resetStores } from '../../testing';
import { ToastDock } from '../toaster';
import { TOAST_DURATION, toast } from '../../stores/toast';
import { useAnnouncerStore } from '../../stores/announcer';

afterEach(() => {
  resetStores();
  jest.useRealTimers();
});

const region = () => screen.queryByRole('list', { name: 'Notifications' });
const titles = () =>
  within(region()!)
    .getAllByRole('listitem')
    .map((item) => item.textContent);

function setHidden(hidden: boolean) {
  Object.defineProperty(document, 'visibilityState', {
    configurable: true,
    get: () => (hidden ? 'hidden' : 'visible'),
  });
  document.dispatchEvent(new Event('visibilitychange'));
}

describe('Toaster', () => {
  it('lists each toast as a list item: errors as alerts, the rest read out through the live region', () => {
    renderWithProviders(<p>Page</p>);
    act(() => {
      toast({ title: 'Saved', description: 'All done' });
      toast({ title: 'Validation Error', description: 'Name is required', variant: 'destructive' });
    });
    const items = within(screen.getByRole('list', { name: 'Notifications' })).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('SavedAll done');
    expect(within(items[0]!).queryByRole('status')).not.toBeInTheDocument();
    expect(useAnnouncerStore.getState().current?.message).toBe('Saved All done');
    expect(within(items[1]!).getByRole('alert')).toHaveTextContent('Validation ErrorName is required');
    expect(within(items[1]!).getByRole('button', { name: 'Dismiss notification' })).toBeInTheDocument();
  });

  it('closes a toast after five seconds, but keeps an error until it is dismissed', async () => {
    jest.useFakeTimers();
    renderWithProviders(<p>Page</p>);
    act(() => {
      toast({ title: 'Saved' });
      toast({ title: 'Error', variant: 'destructive' });
    });
    act(() => jest.advanceTimersByTime(TOAST_DURATION + 1));
    expect(titles()).toEqual(['Error']);
    act(() => jest.advanceTimersByTime(60_000));
    expect(titles()).toEqual(['Error']);
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    await user.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    expect(region()).not.toBeInTheDocument();
  });

  it('pauses while the pointer is over the toasts and resumes with the time that was left', () => {
    jest.useFakeTimers();
    renderWithProviders(<p>Page</p>);
    act(() => {
      toast({ title: 'Saved' });
    });
    act(() => jest.advanceTimersByTime(3000));
    fireEvent.mouseEnter(region()!);
    act(() => jest.advanceTimersByTime(20_000));
    expect(titles()).toEqual(['Saved']);
    fireEvent.mouseLeave(region()!);
    act(() => jest.advanceTimersByTime(1900));
    expect(titles()).toEqual(['Saved']);
    act(() => jest.advanceTimersByTime(200));
    expect(region()).not.toBeInTheDocument();
  });

  it('pauses while keyboard focus is inside the toasts', () => {
    jest.useFakeTimers();
    renderWithProviders(<button type="button">Elsewhere</button>);
    act(() => {
      toast({ title: 'Saved' });
    });
    act(() => screen.getByRole('button', { name: 'Dismiss notification' }).focus());
    act(() => jest.advanceTimersByTime(20_000));
    expect(titles()).toEqual(['Saved']);
    act(() => screen.getByRole('button', { name: 'Elsewhere' }).focus());
    act(() => jest.advanceTimersByTime(TOAST_DURATION));
    expect(region()).not.toBeInTheDocument();
  });

  it('pauses while the page is hidden', () => {
    jest.useFakeTimers();
    renderWithProviders(<p>Page</p>);
    act(() => {
      toast({ title: 'Saved' });
    });
    act(() => setHidden(true));
    act(() => jest.advanceTimersByTime(20_000));
    expect(titles()).toEqual(['Saved']);
    act(() => setHidden(false));
    act(() => jest.advanceTimersByTime(TOAST_DURATION));
    expect(region()).not.toBeInTheDocument();
  });

  it('shows at most three toasts, and a form’s success replaces its validation toast', () => {
    renderWithProviders(<p>Page</p>);
    act(() => {
      toast({
        title: 'Validation Error',
        description: 'Name is required',
        variant: 'destructive',
        group: 'f',
      });
      toast({ title: 'One' });
      toast({ title: 'Success! 🎉', group: 'f' });
    });
    expect(titles()).toEqual(['One', 'Success! 🎉']);
    expect(screen.queryByText('Name is required')).not.toBeInTheDocument();
    act(() => {
      toast({ title: 'Two' });
      toast({ title: 'Three' });
    });
    expect(titles()).toEqual(['Success! 🎉', 'Two', 'Three']);
  });

  it('moves focus to the next toast when the focused one is dismissed', async () => {
    renderWithProviders(<p>Page</p>);
    act(() => {
      toast({ title: 'First', variant: 'destructive' });
      toast({ title: 'Second', variant: 'destructive' });
    });
    const [first, second] = within(region()!).getAllByRole('listitem') as [HTMLElement, HTMLElement];
    await userEvent.click(within(second).getByRole('button', { name: 'Dismiss notification' }));
    expect(within(first).getByRole('button', { name: 'Dismiss notification' })).toHaveFocus();
  });

  it('is a landmark, so nothing on the page sits outside one (axe: region)', () => {
    renderWithProviders(<p>Page</p>);
    act(() => {
      toast({ title: 'Saved' });
    });
    expect(screen.getByRole('region', { name: 'Notifications' })).toContainElement(region());
  });

  it('dismisses the newest toast on Escape, one per press, focus or not', async () => {
    const user = userEvent.setup();
    renderWithProviders(<button type="button">Elsewhere</button>);
    act(() => {
      toast({ title: 'First', variant: 'destructive' });
      toast({ title: 'Second', variant: 'destructive' });
    });
    act(() => screen.getByRole('button', { name: 'Elsewhere' }).focus());
    await user.keyboard('{Escape}');
    expect(titles()).toEqual(['First']);
    expect(screen.getByRole('button', { name: 'Elsewhere' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(region()).not.toBeInTheDocument();
  });

  it('leaves the toasts alone when a dialog or menu already took the Escape', async () => {
    const user = userEvent.setup();
    const takeEscape = (event: KeyboardEvent) => event.key === 'Escape' && event.preventDefault();
    document.addEventListener('keydown', takeEscape);
    try {
      renderWithProviders(<p>Page</p>);
      act(() => {
        toast({ title: 'Error', variant: 'destructive' });
      });
      await user.keyboard('{Escape}');
      expect(titles()).toEqual(['Error']);
    } finally {
      document.removeEventListener('keydown', takeEscape);
    }
  });

  it('moves focus to the main content when Escape dismisses the focused last toast', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <main id="main" tabIndex={-1}>
        Page
      </main>,
    );
    act(() => {
      toast({ title: 'Error', variant: 'destructive' });
    });
    act(() => screen.getByRole('button', { name: 'Dismiss notification' }).focus());
    await user.keyboard('{Escape}');
    expect(region()).not.toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveFocus();
  });

  it('shows in the page’s dock, after the header in the tab order, but in <body> while a modal hides the page', () => {
    renderWithProviders(
      <>
        <div data-testid="page">
          <header>
            <button type="button">Open menu</button>
          </header>
          <ToastDock data-testid="dock" />
          <main>
            <button type="button">Send Message</button>
          </main>
        </div>
      </>,
    );
    act(() => {
      toast({ title: 'Validation Error', variant: 'destructive' });
    });
    const dock = screen.getByTestId('dock');
    expect(dock).toContainElement(region());
    const order = screen.getAllByRole('button').map((b) => b.textContent || b.getAttribute('aria-label'));
    expect(order).toEqual(['Open menu', 'Dismiss notification', 'Send Message']);
    act(() => {
      resetStores();
    });
    screen.getByTestId('page').setAttribute('aria-hidden', 'true');
    act(() => {
      toast({ title: 'Error', variant: 'destructive' });
    });
    expect(dock).toBeEmptyDOMElement();
    // Outside the hidden page, so still in the accessibility tree.
    expect(screen.getByRole('region', { name: 'Notifications' })).toHaveTextContent('Error');
  });
});
