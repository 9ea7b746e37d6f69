import { act, screen } from '@testing-library/react';
import { useSessionStore } from 'shared-lib';
import { renderWithProviders, resetStores } from 'shared-lib/src/testing';
import { useRecoveryRedirect } from '../auth/use-recovery-redirect';

function Probe() {
  useRecoveryRedirect();
  return null;
}

afterEach(resetStores);
const location = () => screen.getByTestId('location');

describe('useRecoveryRedirect', () => {
  it('takes the session of a reset link that landed elsewhere to /auth/reset', async () => {
    renderWithProviders(<Probe />, { route: '/' });
    expect(location()).toHaveTextContent(/^\/$/);
    await act(async () => {
      useSessionStore
        .getState()
        .setSession({ user: { id: 'u1', email: 'ada@example.com' }, accessToken: 't' });
      useSessionStore.getState().setPasswordRecovery(true);
    });
    expect(location()).toHaveTextContent(/^\/auth\/reset$/);
  });

  it('leaves an ordinary sign-in where it is', async () => {
    renderWithProviders(<Probe />, { route: '/services/ai-website-building' });
    await act(async () => {
      useSessionStore
        .getState()
        .setSession({ user: { id: 'u1', email: 'ada@example.com' }, accessToken: 't' });
    });
    expect(location()).toHaveTextContent('/services/ai-website-building');
  });
});
