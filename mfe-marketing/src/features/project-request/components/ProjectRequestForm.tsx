import { useState, type ChangeEvent, type ReactNode } from 'react';
import styled from 'styled-components';
import {
  Button,
  FieldError,
  FormNote,
  Input,
  Label,
  media,
  Select,
  Textarea,
  useFocusAfterSubmit,
  useFormFeedback,
  useFormSubmit,
} from 'shared-lib';
import {
  BUDGETS,
  fieldErrors,
  PROJECT_TYPES,
  projectRequestSchema,
  TIMELINES,
  type SelectOption,
  type ProjectRequestInput,
} from 'shared-lib/validation';
import { sendProjectRequest } from '../api/send-project-request';

type Values = Record<keyof ProjectRequestInput, string>;
type Field = keyof Values;

const empty: Values = {
  name: '',
  email: '',
  company: '',
  projectType: '',
  budget: '',
  timeline: '',
  description: '',
};

const Form = styled.form`
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
  const [values, setValues] = useState(empty);
  const feedback = useFormFeedback<Field>();
  const { errors } = feedback;

  const onChange =
    (field: Field) => (e: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => {
      setValues((v) => ({ ...v, [field]: e.target.value }));
      feedback.clear(field);
    };

  const { submitting, onSubmit } = useFormSubmit({
    check: () => {
      const parsed = projectRequestSchema.safeParse(values);
      feedback.report(parsed.success ? {} : fieldErrors(parsed.error));
      if (parsed.success) return parsed;
      return {
        success: false,
        toast: {
          title: 'Please check your inputs',
          description: 'Some fields need your attention.',
          variant: 'destructive',
        },
      };
    },
    send: (request) => {
      console.info('[project request]', request);
      return sendProjectRequest(request);
    },
    onSuccess: () => {
      setValues(empty);
      feedback.succeed(
        "Welcome to the Future! 🚀 We'll be in touch within 24 hours to discuss your project.",
      );
    },
    success: {
      title: 'Welcome to the Future! 🚀',
      description: "We'll be in touch within 24 hours to discuss your project.",
    },
  });
  useFocusAfterSubmit(feedback, submitting);

  const field = (name: Field, label: string, control: (props: ControlProps) => ReactNode, wide = false) => {
    const id = `project-${name}`;
    const error = errors[name];
    return (
      <div className={wide ? 'wide' : undefined}>
        <Label htmlFor={id}>{label}</Label>
        {control({
          id,
          value: values[name],
          onChange: onChange(name),
          $invalid: Boolean(error),
          'aria-invalid': error ? true : undefined,
          'aria-describedby': error ? `${id}-error` : undefined,
        })}
        {error ? <FieldError id={`${id}-error`}>{error}</FieldError> : null}
      </div>
    );
  };

  return (
    <Form ref={feedback.formRef} onSubmit={onSubmit} noValidate aria-label="Project request">
      {field('name', 'Name', (p) => (
        <Input {...p} autoComplete="name" />
      ))}
      {field('email', 'Email', (p) => (
        <Input {...p} type="email" autoComplete="email" />
      ))}
      {field(
        'company',
        'Company (optional)',
        (p) => (
          <Input {...p} autoComplete="organization" />
        ),
        true,
      )}
      {field('projectType', 'Project type', (p) => (
        <Select {...p}>{choices('Select a project type', PROJECT_TYPES)}</Select>
      ))}
      {field('budget', 'Budget', (p) => (
        <Select {...p}>{choices('Select a budget range', BUDGETS)}</Select>
      ))}
      {field(
        'timeline',
        'Timeline',
        (p) => (
          <Select {...p}>{choices('Select a timeline', TIMELINES)}</Select>
        ),
        true,
      )}
      {field(
        'description',
        'Project description',
        (p) => (
          <Textarea {...p} />
        ),
        true,
      )}
      <div className="wide">
        <Button type="submit" $size="lg" disabled={submitting}>
          {submitting ? 'Submitting...' : 'Submit Project Request'}
        </Button>
      </div>
      {feedback.note ? (
        <FormNote ref={feedback.noteRef} tabIndex={-1} className="wide">
          {feedback.note}
        </FormNote>
      ) : null}
    </Form>
  );
}

/** A select's options: the empty placeholder first, then the spec's choices. */
const choices = (placeholder: string, options: readonly SelectOption[]) => (
  <>
    <option value="">{placeholder}</option>
    {options.map((o) => (
      <option key={o.value} value={o.value}>
        {o.label}
      </option>
    ))}
  </>
);

interface ControlProps {
  id: string;
  value: string;
  onChange: (e: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => void;
  $invalid: boolean;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}
