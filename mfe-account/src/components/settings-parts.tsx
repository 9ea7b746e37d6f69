// The Profile tab's settings cards (the auth feature's e-mail, password and two-factor settings; the billing
// feature's details): each a card with its heading, its text, a narrow form and a row of buttons.
import { useId, type ReactNode, type Ref } from 'react';
import styled from 'styled-components';
import { Card, Form, FormFailure, SubmitButton, SuccessNote, type FormController } from 'shared-lib';

const Section = styled(Card).attrs({ as: 'section' })`
  display: grid;
  gap: ${({ theme }) => theme.space[4]};
  margin-top: ${({ theme }) => theme.space[5]};
  p {
    margin: 0;
  }
`;

const Title = styled.h2`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.lg};
`;

export const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[3]};
`;

export const SettingsForm = styled(Form)`
  display: grid;
  gap: ${({ theme }) => theme.space[3]};
  max-width: 22rem;
`;

/** A setting's card, a region named by its heading. */
export function SettingsCard({
  icon,
  title,
  children,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <Section aria-labelledby={id}>
      <Title id={id}>
        {icon} {title}
      </Title>
      {children}
    </Section>
  );
}

/** A setting's form ends alike: why the call failed, the submit button (and other actions), the success text. */
export function SettingsActions({
  form,
  submit,
  danger = false,
  submitRef,
  children,
}: {
  form: FormController;
  submit: string;
  danger?: boolean;
  /** The submit button, for a caller that moves focus back to it. */
  submitRef?: Ref<HTMLButtonElement>;
  children?: ReactNode;
}) {
  return (
    <>
      <FormFailure form={form} />
      <Row>
        <SubmitButton form={form} ref={submitRef} $variant={danger ? 'danger' : 'primary'}>
          {submit}
        </SubmitButton>
        {children}
      </Row>
      <SuccessNote form={form} />
    </>
  );
}
