import { useState } from 'react';
import { act, screen } from '@testing-library/react';
import { renderWithProviders } from 'shared-lib/src/testing';
import { Reserved } from '../Reserved';

let setLoading: (loading: boolean) => void = () => undefined;

/** The content's data arrives (loading false) or is asked for again (loading true). */
function Harness() {
  const [loading, set] = useState(true);
  setLoading = set;
  return (
    <Reserved loading={loading} skeleton={<p>Loading…</p>}>
      <label>
        Name <input />
      </label>
    </Reserved>
  );
}

it('keeps its content hidden and inert under the skeleton while loading, then shows the same elements', () => {
  renderWithProviders(<Harness />);
  expect(screen.getByText('Loading…')).toBeInTheDocument();
  // Hidden from assistive technology while it loads.
  expect(screen.queryByRole('textbox', { name: 'Name' })).not.toBeInTheDocument();
  const field = screen.getByLabelText('Name');

  act(() => setLoading(false));
  expect(screen.queryByText('Loading…')).not.toBeInTheDocument();
  // Not replaced: what the visitor had in it (focus, an autofill) stays.
  expect(screen.getByRole('textbox', { name: 'Name' })).toBe(field);

  // Asked for again and in again (a new quote): still the same field.
  act(() => setLoading(true));
  act(() => setLoading(false));
  expect(screen.getByRole('textbox', { name: 'Name' })).toBe(field);
});
