import { screen } from '@testing-library/react';
import { renderSuspended } from 'shared-lib/testing';
import ImprintPage from '../ImprintPage';

it('names the company behind the site from shared-lib’s company file', async () => {
  await renderSuspended(<ImprintPage />);
  expect(screen.getByRole('heading', { level: 1, name: 'Imprint' })).toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 2, name: 'AI Made Simple GmbH' })).toBeInTheDocument();
  // eslint-disable-next-line testing-library/no-node-access -- the address element holds the lines
  expect(screen.getByText(/Musterstraße 1/).closest('address')!.innerHTML).toBe(
    'Musterstraße 1<br>10115 Berlin<br>Germany',
  );
  expect(screen.getByRole('link', { name: 'hello@shop.example.com' })).toHaveAttribute(
    'href',
    'mailto:hello@shop.example.com',
  );
  expect(screen.getByText('Lena Hoffmann, Marco Rossi')).toBeInTheDocument();
  expect(screen.getByText('Amtsgericht Berlin-Charlottenburg, HRB 000000 B')).toBeInTheDocument();
  expect(screen.getByText('DE000000000')).toBeInTheDocument();
});
