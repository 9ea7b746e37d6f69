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

const Pending = styled.div`
  display: grid;
  gap: inherit;
  visibility: hidden;
`;

const Cover = styled.div`
  position: absolute;
  inset: 0;
  overflow: hidden;
`;

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
      {loading ? (
        <>
          <Pending inert aria-hidden>
            {children}
          </Pending>
          <Cover>{skeleton}</Cover>
        </>
      ) : (
        children
      )}
    </Box>
  );
}
