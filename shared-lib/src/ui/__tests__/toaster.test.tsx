import { act, screen, within } from '@testing-library/react';
import { renderWithProviders, resetStores } from '../../testing';
import { toast } from '../../stores/toast';

afterEach(resetStores);

describe('Toaster', () => {
  it('lists each toast as a list item announcing itself: errors as alerts, the rest as status messages', () => {
    renderWithProviders(<p>Page</p>);
    act(() => {
      toast({ title: 'Saved' });
      toast({ title: 'Validation Error', description: 'Name is required', variant: 'destructive' });
    });
    const items = within(screen.getByRole('list', { name: 'Notifications' })).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByRole('status')).toHaveTextContent('Saved');
    expect(within(items[1]!).getByRole('alert')).toHaveTextContent('Validation ErrorName is required');
    expect(within(items[1]!).getByRole('button', { name: 'Dismiss notification' })).toBeInTheDocument();
  });
});
