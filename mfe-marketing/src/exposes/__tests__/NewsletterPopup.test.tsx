import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createTestSupabase, json, renderSuspended, resetStores } from 'shared-lib/testing';
import NewsletterPopup from '../NewsletterPopup';

afterEach(() => {
  jest.useRealTimers();
  resetStores();
});

describe('NewsletterPopup', () => {
  const advance = (ms: number) => act(async () => void jest.advanceTimersByTime(ms));

  it('opens about 2 s after load, not before', async () => {
    jest.useFakeTimers();
    await renderSuspended(<NewsletterPopup />);
    await advance(1900);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await advance(200);
    jest.useRealTimers();
    expect(await screen.findByRole('dialog', { name: 'Get 10% off your first project' })).toBeInTheDocument();
  });

  it('counts the 2 s from the page load, not from when the shell mounts it', async () => {
    jest.useFakeTimers();
    // The fake clock starts at 0: the page loaded at 100 ms, and the shell mounts the popup at 1.6 s.
    Object.assign(performance, { getEntriesByType: () => [{ loadEventEnd: 100 }] });
    await advance(1600);
    await renderSuspended(<NewsletterPopup />);
    await advance(400);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await advance(200);
    jest.useRealTimers();
    expect(await screen.findByRole('dialog', { name: 'Get 10% off your first project' })).toBeInTheDocument();
  });

  it.each([
    ['it has been seen', 'newsletter_popup_seen', 'true'],
    ['a code is stored', 'discount_code', 'ADA123456'],
  ])('stays closed when %s', async (_why, key, value) => {
    localStorage.setItem(key, value);
    jest.useFakeTimers();
    await renderSuspended(<NewsletterPopup />);
    await advance(5000);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  async function openPopup() {
    jest.useFakeTimers();
    await renderSuspended(<NewsletterPopup />);
    await advance(2000);
    jest.useRealTimers();
    return screen.findByLabelText('Name');
  }

  it('rejects an empty name, subscribes, shows and stores the code; closing marks it seen', async () => {
    const calls: { path: string; body: unknown }[] = [];
    createTestSupabase(async (url, init) => {
      calls.push({ path: url.pathname, body: JSON.parse(String(init.body)) });
      return json('ADAK7Q2ZP');
    });
    const name = await openPopup();
    await userEvent.click(screen.getByRole('button', { name: 'Get my 10% code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Validation ErrorName is required');
    // The error also stays under the field, linked to it, and the field takes focus.
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('Name is required');
    expect(name).toHaveFocus();

    await userEvent.type(name, 'Ada');
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Get my 10% code' }));
    expect(await screen.findByText('Success! 🎉')).toBeInTheDocument();
    // The code is the one the database issued; the browser sends no code of its own.
    expect(calls).toEqual([
      { path: '/rest/v1/rpc/subscribe_newsletter', body: { name: 'Ada', email: 'ada@example.com' } },
    ]);
    expect(screen.getByText('ADAK7Q2ZP')).toBeInTheDocument();
    expect(localStorage.getItem('discount_code')).toBe('ADAK7Q2ZP');

    await userEvent.keyboard('{Escape}');
    expect(localStorage.getItem('newsletter_popup_seen')).toBe('true');
  });

  it('says Already Subscribed for a known e-mail', async () => {
    createTestSupabase(() =>
      json(
        {
          code: '23505',
          message: 'duplicate key value violates unique constraint "newsletter_subscribers_email_key"',
          details: null,
          hint: null,
        },
        409,
      ),
    );
    const name = await openPopup();
    await userEvent.type(name, 'Ada');
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Get my 10% code' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Already Subscribed');
    expect(alert).toHaveTextContent('This email is already subscribed!');
    const email = screen.getByLabelText('Email');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('This email is already subscribed!');
    expect(localStorage.getItem('discount_code')).toBeNull();
  });

  it('says how long to wait when this network has subscribed too often, keeping what was typed', async () => {
    createTestSupabase(() =>
      json(
        {
          code: 'over_request_rate_limit',
          message: 'Too many requests from your network. Please wait and try again.',
          details: '{"retry_after_seconds":720}',
          hint: null,
        },
        429,
      ),
    );
    const name = await openPopup();
    await userEvent.type(name, 'Ada');
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Get my 10% code' }));
    const words = 'Too many attempts in a short time. Please wait 12 minutes and try again.';
    expect(await screen.findByRole('alert')).toHaveTextContent(words);
    // Kept beside the form, describing its button, once the toast has gone.
    expect(screen.getByRole('button', { name: 'Get my 10% code' })).toHaveAccessibleDescription(words);
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
  });
});
