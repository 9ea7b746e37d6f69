import { Container } from 'shared-lib';

export default function AuthPage() {
  return (
    <Container>
      <h1>Welcome</h1>
      <p>Sign in to access your cart and checkout</p>
    </Container>
  );
}
