import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderSuspended } from 'shared-lib/testing';
import { recordInserts } from '../../../../testing/record-inserts';
import { ProjectRequestForm } from '../ProjectRequestForm';

const backend = recordInserts();

describe('ProjectRequestForm', () => {
  it('marks every field the rules require as required, and the company not', async () => {
    await renderSuspended(<ProjectRequestForm />);
    for (const label of ['Name', 'Email', 'Project type', 'Budget', 'Timeline', 'Project description']) {
      expect(screen.getByLabelText(label)).toBeRequired();
    }
    expect(screen.getByLabelText('Company (optional)')).not.toBeRequired();
  });

  it('shows errors under each field, which clear on edit', async () => {
    await renderSuspended(<ProjectRequestForm />);
    await userEvent.click(screen.getByRole('button', { name: 'Submit Project Request' }));
    expect(await screen.findByText('Please check your inputs')).toBeInTheDocument();
    expect(screen.getByText('Some fields need your attention.')).toBeInTheDocument();
    expect(screen.getByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Please select a project type')).toBeInTheDocument();
    expect(screen.getByText('Please select a budget range')).toBeInTheDocument();
    expect(screen.getByText('Please select a timeline')).toBeInTheDocument();
    expect(screen.getByText('Please provide at least 10 characters')).toBeInTheDocument();
    const name = screen.getByLabelText('Name');
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('Name is required');
    // Focus moves from the button to the first field that needs attention.
    expect(name).toHaveFocus();
    await userEvent.type(name, 'A');
    expect(screen.queryByText('Name is required')).not.toBeInTheDocument();
    expect(name).not.toHaveAttribute('aria-invalid');
  });

  it('offers the spec’s options, stores the request and clears the form', async () => {
    await renderSuspended(<ProjectRequestForm />);
    await userEvent.type(screen.getByLabelText('Name'), 'Ada');
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.selectOptions(screen.getByLabelText('Project type'), 'AI Chatbot');
    await userEvent.selectOptions(screen.getByLabelText('Budget'), '$10,000 - $25,000');
    await userEvent.selectOptions(screen.getByLabelText('Timeline'), 'Within 1 month');
    await userEvent.type(screen.getByLabelText('Project description'), 'A support bot for our web shop.');
    await userEvent.click(screen.getByRole('button', { name: 'Submit Project Request' }));
    expect(await screen.findByText('Welcome to the Future! 🚀')).toBeInTheDocument();
    expect(backend.inserted).toEqual([
      {
        table: 'project_requests',
        body: {
          name: 'Ada',
          email: 'ada@example.com',
          company: null,
          project_type: 'chatbot',
          budget: '10k-25k',
          timeline: '1-month',
          description: 'A support bot for our web shop.',
        },
      },
    ]);
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveValue(''));
    // The disabled button lost focus; the success text has it.
    expect(
      screen.getByText(
        "Welcome to the Future! 🚀 We'll be in touch within 24 hours to discuss your project.",
      ),
    ).toHaveFocus();
  });
});
