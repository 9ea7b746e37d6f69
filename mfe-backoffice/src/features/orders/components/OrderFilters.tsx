import styled from 'styled-components';
import { Form, SelectField, SubmitButton, TextField, useFormSubmit } from 'shared-lib';
import { STATUS_FILTERS } from '../utils/order-actions';

const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space[4]};
  margin-bottom: ${({ theme }) => theme.space[4]};
  > * {
    flex: 1 1 14rem;
  }
`;

const SearchForm = styled(Form)`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space[2]};
  > :first-child {
    flex: 1 1 14rem;
  }
`;

/**
 * The list's status filter (applies at once) and its search (an order number, a customer's e-mail or an invoice
 * number; applies on Search, an empty search shows all).
 */
export function OrderFilters({
  status,
  search,
  onStatus,
  onSearch,
}: {
  status: string;
  search: string;
  onStatus: (status: string) => void;
  onSearch: (search: string) => void;
}) {
  const form = useFormSubmit({
    initial: { search },
    send: async ({ search: words }: { search: string }) => onSearch(words.trim()),
  });
  return (
    <Bar>
      <SelectField
        id="order-status-filter"
        label="Status"
        placeholder="All statuses"
        options={STATUS_FILTERS}
        value={status}
        onChange={(event) => onStatus(event.target.value)}
      />
      <SearchForm form={form} role="search" aria-label="Orders">
        <TextField
          {...form.field('search')}
          type="search"
          label="Order number, customer e-mail or invoice number"
        />
        <SubmitButton form={form} busyLabel="Searching...">
          Search
        </SubmitButton>
      </SearchForm>
    </Bar>
  );
}
