// What a back-office page shows while it reads, when a read failed, and beside an empty list; every desk uses them.
import styled from 'styled-components';
import { Button, LoadingStatus, SkeletonText, type ErrorDescription } from 'shared-lib';

export const Note = styled.p`
  margin: 0;
  padding: ${({ theme }) => theme.space[4]};
  border: 1px dashed ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  color: ${({ theme }) => theme.colors.muted};
`;

const Failed = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[3]};
  padding: ${({ theme }) => theme.space[4]};
  border: 1px solid ${({ theme }) => theme.colors.danger};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.dangerSoft};
  color: ${({ theme }) => theme.colors.text};
  p {
    margin: 0;
    flex: 1 1 16rem;
  }
`;

export function Loading({ label }: { label: string }) {
  return (
    <LoadingStatus label={label}>
      <SkeletonText $w="85%" />
      <SkeletonText $w="85%" />
      <SkeletonText $w="60%" />
    </LoadingStatus>
  );
}

/** A failed read: what failed, why in words for people, and Retry. */
export function LoadFailed({
  what,
  error,
  onRetry,
}: {
  what: string;
  error: ErrorDescription;
  onRetry: () => void;
}) {
  return (
    <Failed role="alert">
      <p>
        {what} could not be loaded. {error.message}
      </p>
      <Button type="button" $variant="outline" $size="sm" onClick={onRetry}>
        Retry
      </Button>
    </Failed>
  );
}
