import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Card, media, type SessionUser } from 'shared-lib';
import { ChangeEmailForm } from './ChangeEmailForm';
import { ChangePasswordForm } from './ChangePasswordForm';
import { TwoFactorSettings } from './TwoFactorSettings';

const Details = styled.dl`
  display: grid;
  gap: ${({ theme }) => theme.space[4]};
  margin: 0;
  ${media.sm} {
    grid-template-columns: max-content 1fr;
    column-gap: ${({ theme }) => theme.space[6]};
  }
  dt {
    font-weight: 600;
    color: ${({ theme }) => theme.colors.muted};
  }
  dd {
    margin: 0;
    color: ${({ theme }) => theme.colors.ink};
    overflow-wrap: anywhere;
  }
`;

/**
 * The account's Profile tab: who the customer is (their e-mail; not the spec's User ID, an internal id that means
 * nothing to a customer: beyond the spec, #45.7), the settings they sign in with, and what the page adds after
 * the first card (`billing`: the billing feature's details, composed by the page).
 */
export function ProfilePanel({ user, billing }: { user: SessionUser; billing?: ReactNode }) {
  return (
    <>
      <Card>
        <Details>
          <dt>Email</dt>
          <dd>{user.email}</dd>
        </Details>
      </Card>
      {billing}
      <ChangeEmailForm currentEmail={user.email} />
      <ChangePasswordForm />
      <TwoFactorSettings />
    </>
  );
}
