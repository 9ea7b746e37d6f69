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

const Mono = styled.dd`
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

/** The account's Profile tab: who the customer is, and the settings they sign in with. */
export function ProfilePanel({ user }: { user: SessionUser }) {
  return (
    <>
      <Card>
        <Details>
          <dt>Email</dt>
          <dd>{user.email}</dd>
          <dt>User ID</dt>
          <Mono>{user.id}</Mono>
        </Details>
      </Card>
      <ChangeEmailForm currentEmail={user.email} />
      <ChangePasswordForm />
      <TwoFactorSettings />
    </>
  );
}
