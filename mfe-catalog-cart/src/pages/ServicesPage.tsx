import { Button, Container, useCartStore } from 'shared-lib';

const demo = { id: 'smart-website', title: 'Smart Website', price: 899, icon: 'globe', path: '/services/ai-website-building' };

export default function ServicesPage() {
  const inCart = useCartStore((s) => s.items.some((i) => i.id === demo.id));
  const toggle = useCartStore((s) => s.toggle);
  return (
    <Container>
      <h1>Our Services</h1>
      <Button onClick={() => toggle(demo)}>{inCart ? 'Remove' : 'Add to Cart'}</Button>
    </Container>
  );
}
