import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderSuspended } from 'shared-lib/testing';
import { recordInserts } from '../../../../testing/record-inserts';
import { ContactForm } from '../ContactForm';

const backend = recordInserts();

describe('ContactForm', () => {
  it('lists every problem in one Validation Error toast, joined by commas', async () => {
    await renderSuspended(<ContactForm />);
    await userEvent.type(screen.getByLabelText('Email'), 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Validation Error');
    expect(alert).toHaveTextContent(
      'Name is required, Invalid email address, Message must be at least 10 characters',
    );
    expect(backend.inserted).toEqual([]);
  });

  it('stores the message, thanks the sender and clears the form', async () => {
    await renderSuspended(<ContactForm />);
    await userEvent.type(screen.getByLabelText('Name'), ' Ada ');
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Message'), 'I would like a chatbot for my shop.');
    await userEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('Message sent!')).toBeInTheDocument();
    expect(screen.getByText("We'll get back to you within 24 hours.")).toBeInTheDocument();
    expect(backend.inserted).toEqual([
      {
        table: 'contact_messages',
        body: { name: 'Ada', email: 'ada@example.com', message: 'I would like a chatbot for my shop.' },
      },
    ]);
    expect(screen.getByLabelText('Name')).toHaveValue('');
  });

  it('keeps what was typed when storing fails', async () => {
    backend.failWith = {
      status: 503,
      body: { code: 'PGRST000', message: 'Service unavailable', details: null, hint: null },
    };
    await renderSuspended(<ContactForm />);
    await userEvent.type(screen.getByLabelText('Name'), 'Ada');
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Message'), 'Please call me back tomorrow.');
    await userEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Error');
    expect(screen.getByLabelText('Message')).toHaveValue('Please call me back tomorrow.');
  });

  it('puts each error under its field, linked and marked invalid, focuses the first, keeps it past the toast and clears it on edit', async () => {
    const user = userEvent.setup();
    await renderSuspended(<ContactForm />);
    for (const label of ['Name', 'Email', 'Message']) expect(screen.getByLabelText(label)).toBeRequired();
    await user.type(screen.getByLabelText('Name'), 'Ada');
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    const email = screen.getByLabelText('Email');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Invalid email address');
    expect(email).toHaveFocus();
    const message = screen.getByLabelText('Message');
    expect(message).toHaveAccessibleDescription('Message must be at least 10 characters');
    expect(screen.getByLabelText('Name')).not.toHaveAttribute('aria-invalid');
    // The errors stay under their fields once the toast that listed them is dismissed.
    await user.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    expect(email).toHaveAccessibleDescription('Invalid email address');
    expect(screen.getByText('Invalid email address')).toBeVisible();
    await user.type(email, 'x');
    expect(email).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText('Invalid email address')).not.toBeInTheDocument();
    expect(message).toHaveAttribute('aria-invalid', 'true');
  });

  it('moves focus to the success text once the message is stored', async () => {
    const user = userEvent.setup();
    await renderSuspended(<ContactForm />);
    await user.type(screen.getByLabelText('Name'), 'Ada');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Message'), 'I would like a chatbot for my shop.');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    const note = await screen.findByText("Message sent! We'll get back to you within 24 hours.");
    await waitFor(() => expect(note).toHaveFocus());
  });
});
