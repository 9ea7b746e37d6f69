// Numbered steps ('How it works', hiring, delivery): one look for every slice.
import styled from 'styled-components';

// The columns follow the width the steps are given (a page's full width or a side column), not the screen's.
const Frame = styled.div`
  container-type: inline-size;
`;

/** Rows that come out even: four steps as two by two at medium width, never one step alone on a last row. */
const StepList = styled.ol<{ $medium: number; $wide: number }>`
  display: grid;
  gap: ${({ theme }) => theme.space[4]};
  margin: 0;
  padding: 0;
  list-style: none;
  counter-reset: step;
  @container (min-width: 36rem) {
    grid-template-columns: repeat(${({ $medium }) => $medium}, minmax(0, 1fr));
  }
  @container (min-width: 56rem) {
    grid-template-columns: repeat(${({ $wide }) => $wide}, minmax(0, 1fr));
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
  const medium = steps.length === 4 ? 2 : Math.min(steps.length, 3);
  return (
    <Frame>
      <StepList $medium={medium} $wide={steps.length <= 5 ? steps.length : medium}>
        {steps.map((step) => (
          <li key={step.title}>
            <h3>{step.title}</h3>
            <p>{step.text}</p>
          </li>
        ))}
      </StepList>
    </Frame>
  );
}
