import { useState } from 'react';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../testing';
import { Dialog } from '../dialog';

function Example() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        See the details
      </button>
      <Dialog open={open} onOpenChange={setOpen} title="The offer">
        <a href="#terms">Terms</a>
      </Dialog>
    </>
  );
}

describe('Dialog', () => {
  it('takes focus when it opens, closes on Escape and gives focus back to the button that opened it', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Example />);
    const opener = screen.getByRole('button', { name: 'See the details' });
    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'The offer' });
    // Focus anywhere inside the dialog is what counts, and no Testing Library query finds the focused element.
    // eslint-disable-next-line testing-library/no-node-access
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('opened by itself (focus on <body>), gives focus to the main landmark when it closes', async () => {
    const user = userEvent.setup();
    function ByItself() {
      const [open, setOpen] = useState(true);
      return (
        <main tabIndex={-1}>
          <h1>Home</h1>
          <Dialog open={open} onOpenChange={setOpen} title="Get 10% off">
            <p>Subscribe</p>
          </Dialog>
        </main>
      );
    }
    renderWithProviders(<ByItself />);
    await screen.findByRole('dialog', { name: 'Get 10% off' });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('main')).toHaveFocus());
  });
});
