// Profile -> Change email: the address rules, a confirmation link or the change at once, the server's refusals.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AUTH_ERROR_MESSAGES, ERROR_MESSAGES } from 'shared-lib';
import { findToast, json, renderWithProviders, resetStores, type FetchHandler } from 'shared-lib/src/testing';
import { authError, authUser, signedInClient, type RecordedRequest } from '../../../../testing/supabase-auth';
import { CHANGE_EMAIL_COPY, ChangeEmailForm } from '../ChangeEmailForm';

let requests: RecordedRequest[] = [];

/** A signed-in customer (ada@example.com); `handler` answers everything but the sign-in. */
async function signedIn(handler: FetchHandler) {
  const signed = await signedInClient(handler);
  requests = signed.requests;
  return signed.client;
}

// Each test types whole forms key by key; on a loaded machine that takes longer than jest's 5 s default.
jest.setTimeout(30_000);

afterEach(resetStores);

const field = () => screen.getByLabelText(CHANGE_EMAIL_COPY.label);
const section = () => screen.getByRole('region', { name: CHANGE_EMAIL_COPY.heading });
/** The form's own success note (the test router's location probe is a status too). */
const note = () => within(section()).getByRole('status');
const button = () => screen.getByRole('button', { name: CHANGE_EMAIL_COPY.submit });
const findErrorToast = async (text: string) => {
  const toast = await findToast(text);
  expect(toast).toHaveAttribute('role', 'alert');
};

async function change(email: string) {
  await userEvent.type(field(), email);
  await userEvent.click(button());
}

describe('ChangeEmailForm', () => {
  it('checks the address under the field, focuses it, and sends nothing', async () => {
    await signedIn(() => json({}));
    renderWithProviders(<ChangeEmailForm currentEmail="ada@example.com" />);
    expect(section()).toBeInTheDocument();
    expect(field()).toHaveAttribute('type', 'email');
    await change('not-an-address');
    expect(field()).toHaveAttribute('aria-invalid', 'true');
    expect(field()).toHaveAccessibleDescription('Invalid email address');
    expect(field()).toHaveFocus();
    await findErrorToast('Validation Error');
    expect(requests).toHaveLength(0);
  });

  it('says the address is already the account’s without asking the server', async () => {
    await signedIn(() => json({}));
    renderWithProviders(<ChangeEmailForm currentEmail="ada@example.com" />);
    await change(' Ada@Example.com ');
    expect(field()).toHaveAttribute('aria-invalid', 'true');
    expect(field()).toHaveAccessibleDescription(CHANGE_EMAIL_COPY.same);
    expect(field()).toHaveFocus();
    await findErrorToast(CHANGE_EMAIL_COPY.same);
    expect(requests).toHaveLength(0);
  });

  it('sends the confirmation link once however often it is pressed, to come back to the Profile tab', async () => {
    let release: (response: Response) => void = () => undefined;
    await signedIn(() => new Promise<Response>((resolve) => (release = resolve)));
    renderWithProviders(<ChangeEmailForm currentEmail="ada@example.com" />);
    await change('ada.new@example.com');
    expect(button()).toBeDisabled();
    await userEvent.click(button());
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ method: 'PUT', body: { email: 'ada.new@example.com' } });
    expect(requests[0]!.url.pathname).toBe('/auth/v1/user');
    expect(requests[0]!.url.searchParams.get('redirect_to')).toBe('http://localhost/account?tab=profile');

    release(json({ ...authUser('ada@example.com'), new_email: 'ada.new@example.com' }));
    const message = CHANGE_EMAIL_COPY.pending('ada.new@example.com');
    expect(message).toBe(
      'We sent a confirmation link to ada.new@example.com. Your email changes when you open it.',
    );
    await findToast(message);
    expect(note()).toHaveTextContent(message);
    expect(note()).toHaveFocus();
    expect(field()).toHaveValue('');
  });

  it('shows the new address at once when the server changed it without confirmation', async () => {
    const client = await signedIn(() => json(authUser('ada.new@example.com')));
    renderWithProviders(<ChangeEmailForm currentEmail="ada@example.com" />);
    await change('ada.new@example.com');
    await findToast(CHANGE_EMAIL_COPY.changed('ada.new@example.com'));
    expect(note()).toHaveTextContent('Your email is now ada.new@example.com.');
    // supabase-js keeps the changed user in the session (its USER_UPDATED event updates the session store).
    await waitFor(async () =>
      expect((await client.auth.getSession()).data.session?.user.email).toBe('ada.new@example.com'),
    );
  });

  it.each([
    [
      'an address another account has',
      authError(422, 'email_exists', 'A user with this email address has already been registered'),
      CHANGE_EMAIL_COPY.taken,
    ],
    [
      'an aal1 session of an account with two-factor authentication',
      authError(401, 'insufficient_aal', 'AAL2 session is required to update email or password'),
      AUTH_ERROR_MESSAGES.insufficient_aal,
    ],
  ])('says what is wrong with %s beside the field and keeps it', async (_, answer, message) => {
    await signedIn(() => answer);
    renderWithProviders(<ChangeEmailForm currentEmail="ada@example.com" />);
    await change('ada.new@example.com');
    await findErrorToast(message);
    expect(field()).toHaveAccessibleDescription(message);
    expect(field()).toHaveValue('ada.new@example.com');
    expect(button()).toHaveFocus();
  });

  it('says in words for people that the server cannot be reached, and nothing is lost', async () => {
    await signedIn(() => {
      throw new TypeError('Failed to fetch');
    });
    renderWithProviders(<ChangeEmailForm currentEmail="ada@example.com" />);
    await change('ada.new@example.com');
    await findErrorToast(ERROR_MESSAGES.network);
    expect(document.body).not.toHaveTextContent('TypeError');
    expect(field()).toHaveValue('ada.new@example.com');
    expect(button()).toBeEnabled();
  });
});
