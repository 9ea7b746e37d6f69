import { Container } from 'shared-lib';

export default function AccountPage() {
  return (
    <Container>
      <h1>My Account</h1>
      <p>View your orders, meetings, and profile information</p>
    </Container>
  );
}
