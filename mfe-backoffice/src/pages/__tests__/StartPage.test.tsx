import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSessionStore } from 'shared-lib';
import { renderWithProviders, resetStores } from 'shared-lib/src/testing';
import StartPage from '../StartPage';

afterEach(resetStores);

const signIn = () =>
  useSessionStore.getState().setSession({
    user: { id: '5b0f4c8e-2d1a-4f3b-9c7e-1a2b3c4d5e6f', email: 'grace@agency.example' },
    accessToken: 'a.b.c',
  });

describe('the back office start page', () => {
  it('names itself and the staff member it is open for', () => {
    signIn();
    renderWithProviders(<StartPage />, { route: '/admin' });
    expect(screen.getByRole('heading', { level: 1, name: 'Back office' })).toBeInTheDocument();
    expect(screen.getByText('Signed in as grace@agency.example')).toBeInTheDocument();
  });

  it("shows the back office's navigation with the start page as the current one", () => {
    signIn();
    renderWithProviders(<StartPage />, { route: '/admin' });
    const nav = screen.getByRole('navigation', { name: 'Back office' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([['Start', '/admin']]);
    expect(within(nav).getByRole('link', { name: 'Start' })).toHaveAttribute('aria-current', 'page');
  });

  it('reaches the navigation by keyboard', async () => {
    signIn();
    renderWithProviders(<StartPage />, { route: '/admin' });
    await userEvent.tab();
    expect(screen.getByRole('link', { name: 'Start' })).toHaveFocus();
  });
});
