import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createTestSupabase, json, renderSuspended, resetStores } from 'shared-lib/testing';
import { ContactForm } from '../contact/ContactForm';
import { ProjectRequestForm } from '../project-request/ProjectRequestForm';

let inserted: { table: string; body: unknown }[] = [];
let failWith: { status: number; body: object } | null = null;

beforeEach(() => {
  inserted = [];
  failWith = null;
  createTestSupabase(async (url, init) => {
    if (failWith) return json(failWith.body, failWith.status);
    inserted.push({ table: url.pathname.replace('/rest/v1/', ''), body: JSON.parse(String(init.body)) });
    return new Response(null, { status: 201 });
  });
  jest.spyOn(console, 'info').mockImplementation(() => undefined);
});
afterEach(resetStores);

describe('ContactForm', () => {
  it('lists every problem in one Validation Error toast, joined by commas', async () => {
    await renderSuspended(<ContactForm />);
    await userEvent.type(screen.getByLabelText('Email'), 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Validation Error');
    expect(alert).toHaveTextContent(
      'Name is required, Invalid email address, Message must be at least 10 characters',
    );
    expect(inserted).toEqual([]);
  });

  it('stores the message, thanks the sender and clears the form', async () => {
    await renderSuspended(<ContactForm />);
    await userEvent.type(screen.getByLabelText('Name'), ' Ada ');
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Message'), 'I would like a chatbot for my shop.');
    await userEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('Message sent!')).toBeInTheDocument();
    expect(screen.getByText("We'll get back to you within 24 hours.")).toBeInTheDocument();
    expect(inserted).toEqual([
      {
        table: 'contact_messages',
        body: { name: 'Ada', email: 'ada@example.com', message: 'I would like a chatbot for my shop.' },
      },
    ]);
    expect(screen.getByLabelText('Name')).toHaveValue('');
  });

  it('keeps what was typed when storing fails', async () => {
    failWith = {
      status: 503,
      body: { code: 'PGRST000', message: 'Service unavailable', details: null, hint: null },
    };
    await renderSuspended(<ContactForm />);
    await userEvent.type(screen.getByLabelText('Name'), 'Ada');
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Message'), 'Please call me back tomorrow.');
    await userEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Error');
    expect(screen.getByLabelText('Message')).toHaveValue('Please call me back tomorrow.');
  });
});

describe('ProjectRequestForm', () => {
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
    expect(inserted).toEqual([
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
  });
});
