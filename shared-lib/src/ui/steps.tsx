// Numbered steps ('How it works', hiring, delivery): one look for every slice.
import styled from 'styled-components';
import { media } from './theme';

const StepList = styled.ol`
  display: grid;
  gap: ${({ theme }) => theme.space[4]};
  margin: 0;
  padding: 0;
  list-style: none;
  counter-reset: step;
  ${media.md} {
    grid-template-columns: repeat(auto-fit, minmax(12rem, 1fr));
  }
  li {
    counter-increment: step;
    padding: ${({ theme }) => theme.space[5]};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radii.lg};
    background: ${({ theme }) => theme.colors.bg};
  }
  li::before {
    content: counter(step);
    display: inline-grid;
    place-items: center;
    width: 2rem;
    height: 2rem;
    margin-bottom: ${({ theme }) => theme.space[3]};
    border-radius: ${({ theme }) => theme.radii.pill};
    background: ${({ theme }) => theme.colors.primary};
    color: ${({ theme }) => theme.colors.onPrimary};
    font-weight: 700;
  }
  h3 {
    margin: 0 0 0.25rem;
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.muted};
  }
`;

export function Steps({ steps }: { steps: readonly { title: string; text: string }[] }) {
  return (
    <StepList>
      {steps.map((step) => (
        <li key={step.title}>
          <h3>{step.title}</h3>
          <p>{step.text}</p>
        </li>
      ))}
    </StepList>
  );
}
