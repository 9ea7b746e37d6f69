import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  createTestSupabase,
  json,
  renderSuspended,
  renderWithProviders,
  resetStores,
} from 'shared-lib/testing';
import { TeamIllustration } from '../../features/newsletter/components/TeamIllustration';
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

  describe('waits its turn', () => {
    const dialog = () => screen.queryByRole('dialog');

    it('waits 5 s after the visitor’s last key or scroll', async () => {
      jest.useFakeTimers();
      await renderSuspended(<NewsletterPopup />);
      await advance(1500);
      fireEvent.keyDown(document.body, { key: 'a' });
      await advance(3000);
      fireEvent.scroll(window);
      await advance(4900);
      expect(dialog()).not.toBeInTheDocument();
      await advance(200);
      jest.useRealTimers();
      expect(await screen.findByRole('dialog')).toBeInTheDocument();
    });

    it('never opens while a field has focus or a form holds typed text, and takes no keys from it', async () => {
      jest.useFakeTimers();
      await renderSuspended(
        <>
          <form aria-label="Search">
            <input aria-label="Query" />
          </form>
          <NewsletterPopup />
        </>,
      );
      const field = screen.getByLabelText('Query');
      act(() => field.focus());
      await advance(60_000);
      expect(dialog()).not.toBeInTheDocument();
      expect(field).toHaveFocus();
      // Left with something typed in it: the form is still in use.
      fireEvent.change(field, { target: { value: 'hello.world' } });
      act(() => field.blur());
      await advance(60_000);
      expect(dialog()).not.toBeInTheDocument();
      // Emptied and left: the popup's turn comes once the visitor has been idle for 5 s.
      fireEvent.change(field, { target: { value: '' } });
      await advance(5000);
      jest.useRealTimers();
      expect(await screen.findByRole('dialog')).toBeInTheDocument();
    });

    it.each(['/auth', '/auth/reset', '/checkout', '/account', '/contact'])(
      'never opens on %s',
      async (route) => {
        jest.useFakeTimers();
        await renderSuspended(<NewsletterPopup />, { route });
        await advance(60_000);
        expect(dialog()).not.toBeInTheDocument();
      },
    );
  });

  it('draws its picture as decoration, not as a photo of a team no one can see in it', () => {
    renderWithProviders(<TeamIllustration />);
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
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

  describe('after Already Subscribed', () => {
    const duplicate = () =>
      json({ code: '23505', message: 'This email is already subscribed.', details: null, hint: null }, 409);

    /** Subscribes ada@example.com as the server answers `resend`; returns the calls it made. */
    async function alreadySubscribed(resend: () => Response | Promise<Response>) {
      const calls: { path: string; body: unknown }[] = [];
      createTestSupabase(async (url, init) => {
        calls.push({ path: url.pathname, body: init.body ? JSON.parse(String(init.body)) : null });
        if (url.pathname === '/rest/v1/rpc/subscribe_newsletter') return duplicate();
        if (url.pathname === '/rest/v1/rpc/resend_newsletter_code') return resend();
        return json({ sent: 0 });
      });
      const name = await openPopup();
      await userEvent.type(name, 'Ada');
      await userEvent.type(screen.getByLabelText('Email'), ' ada@example.com');
      await userEvent.click(screen.getByRole('button', { name: 'Get my 10% code' }));
      await screen.findByText('Lost your code? We can e-mail it to that address again.');
      return calls;
    }

    it('e-mails the code to that address again, never showing it, and asks the sender to send it now', async () => {
      const calls = await alreadySubscribed(() => json(null));
      await userEvent.click(screen.getByRole('button', { name: 'Send my code again' }));
      const note = await screen.findByText(
        "We've e-mailed the code to ada@example.com. It can take a few minutes to arrive.",
      );
      expect(note).toHaveFocus();
      expect(screen.queryByRole('button', { name: 'Send my code again' })).not.toBeInTheDocument();
      expect(calls).toContainEqual({
        path: '/rest/v1/rpc/resend_newsletter_code',
        body: { email: 'ada@example.com' },
      });
      await waitFor(() => expect(calls.map((call) => call.path)).toContain('/functions/v1/send-emails'));
      expect(localStorage.getItem('discount_code')).toBeNull();
    });

    it('says when the code went to that address less than a day ago', async () => {
      await alreadySubscribed(() =>
        json(
          {
            code: 'code_recently_sent',
            message: 'We sent this address its code less than a day ago.',
            details: '{"retry_after_seconds":80000}',
            hint: null,
          },
          429,
        ),
      );
      await userEvent.click(screen.getByRole('button', { name: 'Send my code again' }));
      expect(await screen.findByText('Already sent today')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Send my code again' })).toHaveAccessibleDescription(
        'We sent this address its code less than a day ago. Please look in its inbox.',
      );
    });

    it('says the connection failed in words, and offers the button again', async () => {
      await alreadySubscribed(() => Promise.reject(new TypeError('Failed to fetch')));
      await userEvent.click(screen.getByRole('button', { name: 'Send my code again' }));
      const button = screen.getByRole('button', { name: 'Send my code again' });
      await waitFor(() =>
        expect(button).toHaveAccessibleDescription(
          "We couldn't reach our server. Please check your internet connection and try again.",
        ),
      );
    });

    it('offers nothing once another address is typed', async () => {
      await alreadySubscribed(() => json(null));
      await userEvent.type(screen.getByLabelText('Email'), 'm');
      expect(screen.queryByRole('button', { name: 'Send my code again' })).not.toBeInTheDocument();
    });
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
