import { selectAuthStatus, selectUser, useSessionStore } from '../session';

it('starts loading, then follows the session', () => {
  expect(selectAuthStatus(useSessionStore.getState())).toBe('loading');
  useSessionStore.getState().setSession({ user: { id: 'u1', email: 'a@example.com' }, accessToken: 't' });
  expect(selectAuthStatus(useSessionStore.getState())).toBe('signed-in');
  expect(selectUser(useSessionStore.getState())).toEqual({ id: 'u1', email: 'a@example.com' });
  useSessionStore.getState().setSession(null);
  expect(useSessionStore.getState()).toMatchObject({ status: 'signed-out', user: null, accessToken: null });
});
