/**
 * What the sign-in forms share: the catalog lookup, a field with its label and message, and the banner for a
 * refused call's messages that no field shows. Part of the lazily loaded forms chunk.
 */
import { type ReactNode } from 'react';
import type { FieldError } from 'react-hook-form';
import type { SessionViewModel } from '../../../machines/session/session.connect';
import { useT } from '../../i18n/use-t';

export type Failure = SessionViewModel['failure'];

export { useT };

/** A field's message: the form's own (a catalog id) or the server's text for that field. */
export function fieldMessage(
  t: (id: string) => string,
  error: FieldError | undefined,
  server: string[] | undefined,
): string | undefined {
  if (error?.message) return t(error.message);
  return server?.[0];
}

export function Field({
  id,
  label,
  error,
  children,
  hint,
}: {
  id: string;
  label: string;
  error: string | undefined;
  children: ReactNode;
  hint?: ReactNode;
}) {
  return (
    <div className="field" data-invalid={Boolean(error)}>
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      {children}
      {hint ? <p className="field__hint">{hint}</p> : null}
      {error ? (
        <p id={`${id}-error`} className="field__error" role="alert" data-testid={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Messages of a refused call that no field shows. */
export function FailureBanner({ failure, shownFields }: { failure: Failure; shownFields: string[] }) {
  const t = useT();
  if (!failure) return null;
  const fieldTexts = new Set(shownFields.flatMap((f) => failure.fields[f] ?? []));
  const rest = failure.messages.filter((m) => !('text' in m) || !fieldTexts.has(m.text));
  if (rest.length === 0) return null;
  return (
    <div className="form-error" role="alert" data-testid="form-failure">
      {rest.map((m, i) => (
        <p key={i}>{'text' in m ? m.text : t(m.id)}</p>
      ))}
    </div>
  );
}

export const aria = (id: string, error: string | undefined) => ({
  id,
  'aria-invalid': Boolean(error),
  'aria-describedby': error ? `${id}-error` : undefined,
});
