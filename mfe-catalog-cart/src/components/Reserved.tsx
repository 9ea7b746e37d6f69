import type { ReactNode } from 'react';
import styled from 'styled-components';

// Content still loading is laid out already, hidden and inert under its skeleton, so nothing below it moves
// when it arrives: the checkout shifted (CLS 0.079) when its quote and the saved billing details replaced
// skeletons of another height (#33.6). The box keeps its parent's grid gap between the content's own parts.
const Box = styled.div`
  position: relative;
  display: grid;
  gap: inherit;
`;

const Content = styled.div<{ $pending: boolean }>`
  display: grid;
  gap: inherit;
  visibility: ${({ $pending }) => ($pending ? 'hidden' : 'visible')};
`;

const Cover = styled.div`
  position: absolute;
  inset: 0;
  overflow: hidden;
`;

/**
 * The children stay mounted in the same place whether loading or not (only inert and hidden while it loads): had
 * the flip moved them into another wrapper, React would replace their elements, and what a visitor had in them
 * (focus, a browser's autofill) with them.
 */
export function Reserved({
  loading,
  skeleton,
  children,
}: {
  loading: boolean;
  skeleton: ReactNode;
  children: ReactNode;
}) {
  return (
    <Box>
      <Content $pending={loading} inert={loading} aria-hidden={loading || undefined}>
        {children}
      </Content>
      {loading ? <Cover>{skeleton}</Cover> : null}
    </Box>
  );
}
