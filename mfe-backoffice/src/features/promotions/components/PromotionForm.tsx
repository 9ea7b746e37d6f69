import { useEffect, useRef } from 'react';
import styled from 'styled-components';
import {
  Button,
  FormFailure,
  isApiError,
  SubmitButton,
  TextareaField,
  TextField,
  useFormSubmit,
  type Refusal,
} from 'shared-lib';
import { PromotionBar } from 'shared-lib/promotion-bar';
import {
  isoToLocalDateTime,
  PROMOTION_LINK_MAX,
  PROMOTION_WORDS_MAX,
  promotionSchema,
  type PromotionInput,
} from 'shared-lib/validation/backoffice';
import { FormPanel } from '../../../components/form-panel';
import { savePromotion } from '../api/save-promotion';
import type { StaffPromotion } from '../api/types';

const Panel = styled(FormPanel)`
  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.xl};
  }
`;

const Dates = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(14rem, 1fr));
  gap: ${({ theme }) => theme.space[3]};
`;

const Preview = styled.figure`
  display: grid;
  gap: ${({ theme }) => theme.space[2]};
  margin: 0;
  figcaption {
    font-weight: 600;
  }
`;

const Buttons = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[3]};
`;

/** The form's starting values: the campaign's own, or a new one from the next full hour for a week. */
function promotionValues(promotion: StaffPromotion | null, now = new Date()): PromotionInput {
  if (promotion) {
    return {
      words: promotion.words,
      startsAt: isoToLocalDateTime(promotion.starts_at),
      endsAt: isoToLocalDateTime(promotion.ends_at),
      link: promotion.link ?? '',
    };
  }
  const start = new Date(now);
  start.setHours(start.getHours() + 1, 0, 0, 0);
  const end = new Date(start);
  end.setDate(end.getDate() + 7);
  return {
    words: '',
    startsAt: isoToLocalDateTime(start.toISOString()),
    endsAt: isoToLocalDateTime(end.toISOString()),
    link: '',
  };
}

/** Someone else ended (and so removed) the campaign before it started, while it was being edited. */
function goneRefusal(error: unknown): Refusal<never> | undefined {
  if (!isApiError(error, 'promotion_not_found')) return undefined;
  return {
    title: 'This promotion is gone',
    description:
      'Someone else ended this promotion meanwhile, before it started. The list shows it as it now is.',
  };
}

/**
 * Creates a campaign (`promotion` null) or edits one, with a preview of the banner as visitors will see it, drawn
 * by the banner's own component from what is typed. `onSaved` gets the campaign as saved; `onGone` is told when
 * it no longer exists.
 */
export function PromotionForm({
  promotion,
  onSaved,
  onGone,
  onCancel,
}: {
  promotion: StaffPromotion | null;
  onSaved: (saved: StaffPromotion) => void;
  onGone: () => void;
  onCancel: () => void;
}) {
  const form = useFormSubmit({
    initial: promotionValues(promotion),
    schema: promotionSchema,
    send: (data) => savePromotion(promotion?.id ?? null, data),
    success: { title: promotion ? 'Promotion saved' : 'Promotion created' },
    onSuccess: (saved: StaffPromotion) => onSaved(saved),
    refusal: goneRefusal,
    onFailure: ({ error }) => {
      if (isApiError(error, 'promotion_not_found')) onGone();
    },
  });
  const title = promotion ? 'Edit the promotion' : 'New promotion';
  // The form opens above the lists, away from the button that opened it: focus goes to its heading.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const words = form.values.words.trim();
  const link = form.values.link.trim();
  return (
    <Panel form={form} aria-labelledby="promotion-form">
      <h2 id="promotion-form" ref={heading} tabIndex={-1}>
        {title}
      </h2>
      <TextareaField
        {...form.field('words')}
        label="Words of the banner"
        rows={2}
        maxLength={PROMOTION_WORDS_MAX}
        required
      />
      <Dates>
        <TextField {...form.field('startsAt')} type="datetime-local" label="Starts" required />
        <TextField {...form.field('endsAt')} type="datetime-local" label="Ends" required />
      </Dates>
      <TextField
        {...form.field('link')}
        label="Link (optional)"
        hint="A page of this site such as /services, or an address starting with https://. Without one the banner opens the newsletter offer."
        maxLength={PROMOTION_LINK_MAX}
        autoComplete="off"
      />
      <Preview aria-labelledby="promotion-preview">
        <figcaption id="promotion-preview">Preview: the banner as visitors will see it</figcaption>
        {words ? (
          <>
            <PromotionBar preview words={words} link={link || null} />
            <p>{link ? `Pressing it leads to ${link}.` : 'Pressing it opens the newsletter offer.'}</p>
          </>
        ) : (
          <p>The preview shows once the banner has words.</p>
        )}
      </Preview>
      <FormFailure form={form} />
      <Buttons>
        <SubmitButton form={form} busyLabel="Saving...">
          {promotion ? 'Save the promotion' : 'Create the promotion'}
        </SubmitButton>
        <Button type="button" $variant="outline" onClick={onCancel}>
          Cancel
        </Button>
      </Buttons>
    </Panel>
  );
}
