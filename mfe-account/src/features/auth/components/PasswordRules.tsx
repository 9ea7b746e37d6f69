// The password rules under a field where a password is chosen (beyond the spec, #45.7): a list that ticks each
// rule off as it is typed. Each rule's state is in words for screen readers ('met' / 'not met yet') and in its
// icon's shape for the eye, never in colour alone; the field is described by the list.
import styled from 'styled-components';
import { Check, Circle } from 'lucide-react';
import { TextField, VisuallyHidden, type FieldProps } from 'shared-lib';
import { PASSWORD_RULES } from 'shared-lib/validation';

const List = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space[1]};
  margin: ${({ theme }) => theme.space[1]} 0 0;
  padding: 0;
  list-style: none;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.muted};
  li {
    display: flex;
    align-items: center;
    gap: ${({ theme }) => theme.space[2]};
  }
  li[data-met] {
    color: ${({ theme }) => theme.colors.success};
  }
  svg {
    flex: none;
  }
`;

/** The rules `password` must meet, each marked met or not; `id` is for the field's aria-describedby. */
function PasswordRules({ id, password }: { id: string; password: string }) {
  return (
    <List id={id}>
      {PASSWORD_RULES.map((rule) => {
        const met = rule.test(password);
        return (
          <li key={rule.label} data-met={met ? '' : undefined}>
            {met ? <Check size={16} aria-hidden /> : <Circle size={10} aria-hidden />}
            <span>
              {rule.label}
              <VisuallyHidden>{met ? ' (met)' : ' (not met yet)'}</VisuallyHidden>
            </span>
          </li>
        );
      })}
    </List>
  );
}

/** A field where a new password is chosen, described by the rule list under it. */
export function NewPasswordField({ field, label }: { field: FieldProps; label: string }) {
  const rulesId = `${field.id}-rules`;
  return (
    <div>
      <TextField
        {...field}
        aria-describedby={[field['aria-describedby'], rulesId].filter(Boolean).join(' ')}
        label={label}
        type="password"
        autoComplete="new-password"
        required
      />
      <PasswordRules id={rulesId} password={field.value} />
    </div>
  );
}
