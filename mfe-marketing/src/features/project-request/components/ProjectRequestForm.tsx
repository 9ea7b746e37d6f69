import styled from 'styled-components';
import {
  EmailField,
  Form,
  FormFailure,
  media,
  SelectField,
  SubmitButton,
  SuccessNote,
  TextareaField,
  TextField,
  useFormSubmit,
} from 'shared-lib';
import { BUDGETS, PROJECT_TYPES, projectRequestSchema, TIMELINES } from 'shared-lib/validation';
import { sendProjectRequest } from '../api/send-project-request';

const empty = {
  name: '',
  email: '',
  company: '',
  projectType: '',
  budget: '',
  timeline: '',
  description: '',
};

const Layout = styled(Form)`
  display: grid;
  gap: ${({ theme }) => theme.space[4]};
  ${media.md} {
    grid-template-columns: 1fr 1fr;
  }
  .wide {
    grid-column: 1 / -1;
  }
`;

/**
 * The project request form: errors under each field that clear on edit (the first invalid field takes focus),
 * stored for the agency, then the success text, which takes focus from the disabled button.
 */
export function ProjectRequestForm() {
  const form = useFormSubmit({
    initial: empty,
    schema: projectRequestSchema,
    invalidToast: {
      title: 'Please check your inputs',
      description: 'Some fields need your attention.',
      variant: 'destructive',
    },
    send: (request) => {
      // The spec's project form logs the validated request.
      console.info('[project request]', request);
      return sendProjectRequest(request);
    },
    clearOnSuccess: true,
    note: "Welcome to the Future! 🚀 We'll be in touch within 24 hours to discuss your project.",
    success: {
      title: 'Welcome to the Future! 🚀',
      description: "We'll be in touch within 24 hours to discuss your project.",
    },
  });

  return (
    <Layout form={form} aria-label="Project request">
      <TextField {...form.field('name')} label="Name" autoComplete="name" required />
      <EmailField {...form.field('email')} required />
      <div className="wide">
        <TextField {...form.field('company')} label="Company (optional)" autoComplete="organization" />
      </div>
      <SelectField
        {...form.field('projectType')}
        label="Project type"
        required
        placeholder="Select a project type"
        options={PROJECT_TYPES}
      />
      <SelectField
        {...form.field('budget')}
        label="Budget"
        required
        placeholder="Select a budget range"
        options={BUDGETS}
      />
      <div className="wide">
        <SelectField
          {...form.field('timeline')}
          label="Timeline"
          required
          placeholder="Select a timeline"
          options={TIMELINES}
        />
      </div>
      <div className="wide">
        <TextareaField {...form.field('description')} label="Project description" required />
      </div>
      <div className="wide">
        <FormFailure form={form} />
        <SubmitButton form={form} $size="lg" busyLabel="Submitting...">
          Submit Project Request
        </SubmitButton>
      </div>
      <SuccessNote form={form} className="wide" />
    </Layout>
  );
}
