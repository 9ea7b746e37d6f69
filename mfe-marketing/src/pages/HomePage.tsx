import { Container } from 'shared-lib';

export default function HomePage() {
  return (
    <Container>
      <h1>AI made simple</h1>
    </Container>
  );
}
