// Profile -> Change password: the reset page's rules, one call per press, the server's refusals in words.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AUTH_ERROR_MESSAGES, ERROR_MESSAGES } from 'shared-lib';
import { findToast, json, renderWithProviders, resetStores, type FetchHandler } from 'shared-lib/src/testing';
import { NEW_PASSWORD_COPY } from '../NewPasswordForm';
import { authError, authUser, signedInClient, type RecordedRequest } from '../../../../testing/supabase-auth';
import { CHANGE_PASSWORD_COPY, ChangePasswordForm } from '../ChangePasswordForm';

let requests: RecordedRequest[] = [];

/** A signed-in customer; `handler` answers everything but the sign-in. */
async function signedIn(handler: FetchHandler) {
  requests = (await signedInClient(handler, 'Old-pass1')).requests;
}

// Each test types whole forms key by key; on a loaded machine that takes longer than jest's 5 s default.
jest.setTimeout(30_000);

afterEach(resetStores);

const password = () => screen.getByLabelText(NEW_PASSWORD_COPY.password);
const confirm = () => screen.getByLabelText(NEW_PASSWORD_COPY.confirm);
const section = () => screen.getByRole('region', { name: CHANGE_PASSWORD_COPY.heading });
/** The form's own success note (the test router's location probe is a status too). */
const note = () => within(section()).getByRole('status');
const button = () => screen.getByRole('button', { name: CHANGE_PASSWORD_COPY.submit });
const findErrorToast = async (text: string) => {
  const toast = await findToast(text);
  expect(toast).toHaveAttribute('role', 'alert');
};

async function typePasswords(first: string, second = first) {
  await userEvent.type(password(), first);
  await userEvent.type(confirm(), second);
  await userEvent.click(button());
}

describe('ChangePasswordForm', () => {
  it('is a labelled section with the password rules as the hint', async () => {
    await signedIn(() => json({}));
    renderWithProviders(<ChangePasswordForm />);
    expect(section()).toBeInTheDocument();
    expect(password()).toHaveAttribute('autocomplete', 'new-password');
    expect(password()).toHaveAccessibleDescription(
      'At least 8 characters, with an uppercase letter, a lowercase letter and a number.',
    );
  });

  it('checks the rules and the repeat under each field, focuses the first invalid one, and sends nothing', async () => {
    await signedIn(() => json({}));
    renderWithProviders(<ChangePasswordForm />);
    await typePasswords('lower', 'other');
    expect(password()).toHaveAttribute('aria-invalid', 'true');
    expect(password()).toHaveAccessibleDescription(
      'At least 8 characters, with an uppercase letter, a lowercase letter and a number. ' +
        'Password must be at least 8 characters, Password must contain at least one uppercase letter, ' +
        'Password must contain at least one number',
    );
    expect(password()).toHaveFocus();
    await findErrorToast('Validation Error');

    await userEvent.clear(password());
    await userEvent.type(password(), 'New-secret1');
    await userEvent.click(button());
    expect(confirm()).toHaveAttribute('aria-invalid', 'true');
    expect(confirm()).toHaveAccessibleDescription('Passwords do not match');
    expect(confirm()).toHaveFocus();
    expect(requests).toHaveLength(0);
  });

  it('changes the password once however often it is pressed, then says so and clears the fields', async () => {
    let release: (response: Response) => void = () => undefined;
    await signedIn(() => new Promise<Response>((resolve) => (release = resolve)));
    renderWithProviders(<ChangePasswordForm />);
    await typePasswords('New-secret1');
    expect(button()).toBeDisabled();
    await userEvent.click(button());
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ method: 'PUT', body: { password: 'New-secret1' } });
    expect(requests[0]!.url.pathname).toBe('/auth/v1/user');

    release(json(authUser('ada@example.com')));
    await findToast(CHANGE_PASSWORD_COPY.changed);
    expect(note()).toHaveTextContent(CHANGE_PASSWORD_COPY.changed);
    expect(note()).toHaveFocus();
    expect(password()).toHaveValue('');
    expect(confirm()).toHaveValue('');
  });

  it.each([
    [
      'the same password as now',
      authError(422, 'same_password', 'New password should be different from the old password.'),
      'New password should be different from the old password.',
    ],
    [
      'a password the server finds weak',
      authError(
        422,
        'weak_password',
        'Password is known to be weak and easy to guess, please choose a different one.',
      ),
      'Password is known to be weak and easy to guess, please choose a different one.',
    ],
    [
      'an aal1 session of an account with two-factor authentication',
      authError(401, 'insufficient_aal', 'AAL2 required to update password'),
      AUTH_ERROR_MESSAGES.insufficient_aal,
    ],
  ])('says what is wrong with %s beside the form and keeps what was typed', async (_, answer, message) => {
    await signedIn(() => answer);
    renderWithProviders(<ChangePasswordForm />);
    await typePasswords('New-secret1');
    await findErrorToast(message);
    expect(button()).toHaveAccessibleDescription(message);
    expect(password()).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(password()).toHaveValue('New-secret1');
    expect(button()).toHaveFocus();
    expect(within(section()).queryByRole('status')).not.toBeInTheDocument();
  });

  it('says in words for people that the server cannot be reached, and nothing is lost', async () => {
    await signedIn(() => {
      throw new TypeError('Failed to fetch');
    });
    renderWithProviders(<ChangePasswordForm />);
    await typePasswords('New-secret1');
    await findErrorToast(ERROR_MESSAGES.network);
    expect(document.body).not.toHaveTextContent('TypeError');
    expect(confirm()).toHaveValue('New-secret1');
    expect(button()).toBeEnabled();
  });
});
