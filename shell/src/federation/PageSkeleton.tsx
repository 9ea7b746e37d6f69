// What a page shows while its remote (or the session check in front of it) loads: grey shapes in the page's own
// layout, inside the page's section and container, so nothing jumps when the content arrives; the header and
// footer stay. Its status is named by the spec's 'Loading...'.
import { useLocation } from 'react-router-dom';
import styled from 'styled-components';
import {
  Container,
  LoadingStatus,
  media,
  paths,
  Section,
  SkeletonBlock,
  SkeletonField,
  SkeletonText,
} from 'shared-lib';

export type PageShape = 'page' | 'services' | 'form' | 'checkout' | 'account';

/** The shape of the page at `pathname`. */
export function pageShape(pathname: string): PageShape {
  if (pathname === paths.account) return 'account';
  // The order confirmation has the checkout's two columns: a reload of it shows them from the first frame (#45.3).
  if (pathname === paths.checkout || pathname === paths.orderConfirmation) return 'checkout';
  if (pathname === paths.howWeWork) return 'services';
  if (pathname === paths.auth || pathname === paths.contact || pathname === paths.enterTheFuture)
    return 'form';
  return 'page';
}

// At least the viewport's height below the header, as every real page is: the footer never starts on screen and
// jumps when the page arrives.
const Frame = styled(Section)`
  min-height: calc(100vh - ${({ theme }) => theme.layout.headerHeight});
`;

const Heading = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[2]};
  max-width: 44rem;
  margin-bottom: ${({ theme }) => theme.space[6]};
`;

const Cards = styled.div<{ $min: string }>`
  display: grid;
  gap: ${({ theme }) => theme.space[5]};
  grid-template-columns: repeat(auto-fill, minmax(min(${({ $min }) => $min}, 100%), 1fr));
`;

const Box = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[3]};
  padding: ${({ theme }) => theme.space[5]};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
`;

const TabPanel = styled(Box)`
  margin-top: ${({ theme }) => theme.space[4]};
`;

const Narrow = styled.div<{ $width: string }>`
  max-width: ${({ $width }) => $width};
  margin: 0 auto;
`;

const Columns = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[5]};
  ${media.md} {
    grid-template-columns: 3fr 2fr;
  }
`;

const Row = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space[2]};
`;

function Title({ size = '2.5rem', lines = 1 }: { size?: string; lines?: number }) {
  return (
    <Heading>
      <SkeletonText $w="60%" $size={size} />
      {Array.from({ length: lines }, (_, i) => (
        <SkeletonText key={i} $w={i === lines - 1 ? '70%' : '100%'} $size="1.125rem" />
      ))}
    </Heading>
  );
}

function Card({ lines = 3 }: { lines?: number }) {
  return (
    <Box>
      <SkeletonBlock $w="2.5rem" $h="2.5rem" $radius="md" />
      <SkeletonText $w="50%" $size="1.25rem" />
      {Array.from({ length: lines }, (_, i) => (
        <SkeletonText key={i} $w={i === lines - 1 ? '60%' : '100%'} />
      ))}
    </Box>
  );
}

function Shape({ shape }: { shape: PageShape }) {
  switch (shape) {
    case 'services':
      return (
        <>
          <Title size="3rem" lines={2} />
          <Cards $min="16rem">
            {Array.from({ length: 6 }, (_, i) => (
              <Card key={i} />
            ))}
          </Cards>
        </>
      );
    case 'form':
      return (
        <Narrow $width="36rem">
          <Title size="2rem" />
          <Box>
            <SkeletonField />
            <SkeletonField />
            <SkeletonField />
            <SkeletonBlock $h="3.25rem" $radius="md" />
          </Box>
        </Narrow>
      );
    case 'checkout':
      return (
        <>
          <Title size="2.5rem" lines={0} />
          <Columns>
            <div>
              {Array.from({ length: 3 }, (_, i) => (
                <SkeletonText key={i} $size="1.5rem" />
              ))}
            </div>
            <Box>
              <SkeletonText $w="50%" $size="1.375rem" />
              <SkeletonField />
              <SkeletonText />
              <SkeletonText />
              <SkeletonBlock $h="3.25rem" $radius="md" />
            </Box>
          </Columns>
        </>
      );
    case 'account':
      return (
        <Narrow $width="56rem">
          <Title size="2.5rem" />
          <Row>
            <SkeletonBlock $w="6rem" $h="2.5rem" $radius="md" />
            <SkeletonBlock $w="6rem" $h="2.5rem" $radius="md" />
            <SkeletonBlock $w="6rem" $h="2.5rem" $radius="md" />
          </Row>
          <TabPanel>
            <SkeletonText $w="30%" />
            <SkeletonText $w="60%" />
          </TabPanel>
        </Narrow>
      );
    default:
      return (
        <>
          <Title size="3rem" lines={2} />
          <Cards $min="18rem">
            <Card />
            <Card />
            <Card />
          </Cards>
        </>
      );
  }
}

/** The current page's skeleton, named by the spec's 'Loading...'. */
export function PageSkeleton() {
  const { pathname } = useLocation();
  const shape = pageShape(pathname);
  return (
    <Frame data-testid="page-skeleton" data-shape={shape}>
      <Container>
        <LoadingStatus label="Loading...">
          <Shape shape={shape} />
        </LoadingStatus>
      </Container>
    </Frame>
  );
}
