import { zodResolver } from '@hookform/resolvers/zod';
import { ISO_WEEKDAYS } from '@shared/weekdays.ts';
import { createContext, type ReactNode, useContext, useId } from 'react';
import {
  type DefaultValues,
  type FieldValues,
  FormProvider,
  type Path,
  type SubmitErrorHandler,
  type SubmitHandler,
  useForm,
  useFormContext,
  type UseFormReturn,
} from 'react-hook-form';
import type { z } from 'zod';

import { formatWeekday } from '../lib/format';
import { validationText } from '../lib/refusal-text';

// Field ids are unique per form, so two forms on one page (profile and admin tools) can both
// have a "discordUsername" field.
const FormIdContext = createContext('form');

// The one form wrapper: react-hook-form validated by the same zod schema the API uses,
// checked when a field loses focus (SPEC: "Validation runs on blur").
export function Form<Values extends FieldValues>({
  schema,
  defaultValues,
  onSubmit,
  onInvalid,
  children,
  className = 'flex flex-col gap-4',
  ariaLabel,
}: {
  schema: z.ZodType;
  defaultValues?: DefaultValues<Values>;
  onSubmit: SubmitHandler<Values>;
  onInvalid?: SubmitErrorHandler<Values>;
  children: (form: UseFormReturn<Values>) => ReactNode;
  className?: string;
  ariaLabel?: string;
}) {
  const formId = useId();
  const form = useForm<Values>({
    // The schema's output is what onSubmit receives; its input is what the fields hold.
    resolver: zodResolver(schema as never) as never,
    mode: 'onBlur',
    reValidateMode: 'onChange',
    defaultValues,
  });
  return (
    <FormProvider {...form}>
      <FormIdContext.Provider value={formId}>
        <form noValidate aria-label={ariaLabel} className={className} onSubmit={form.handleSubmit(onSubmit, onInvalid)}>
          {children(form)}
        </form>
      </FormIdContext.Provider>
    </FormProvider>
  );
}

// The field's error in the member's language: a shared schema's English text is looked up in
// supabase/functions/_shared/validation.ts; any other text (already translated) stays as it is.
function errorAt(errors: Record<string, unknown>, name: string): string | undefined {
  const found = name
    .split('.')
    .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], errors);
  const message = (found as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' ? validationText(message) : undefined;
}

interface FieldProps<Values extends FieldValues> {
  name: Path<Values>;
  label: string;
  hint?: ReactNode;
  type?: 'text' | 'password' | 'number' | 'tel' | 'datetime-local' | 'date' | 'time';
  placeholder?: string;
  autoComplete?: string;
  readOnly?: boolean;
  multiline?: boolean;
  min?: number;
  max?: number;
  step?: number;
  inputMode?: 'numeric' | 'decimal' | 'tel' | 'text';
  valueAsNumber?: boolean;
  onBlurValue?: (value: string) => void;
}

// Label above the field, hint and error below, all wired for screen readers.
export function TextField<Values extends FieldValues>({
  name,
  label,
  hint,
  type = 'text',
  placeholder,
  autoComplete,
  readOnly,
  multiline,
  min,
  max,
  step,
  inputMode,
  valueAsNumber,
}: FieldProps<Values>) {
  const {
    register,
    formState: { errors },
  } = useFormContext<Values>();
  const id = `${useContext(FormIdContext)}-${String(name).replace(/\./g, '-')}`;
  const error = errorAt(errors as Record<string, unknown>, String(name));
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    placeholder,
    readOnly,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    ...register(name, valueAsNumber ? { valueAsNumber: true } : undefined),
  };
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="font-medium">
        {label}
      </label>
      {multiline ? (
        <textarea rows={3} className={`textarea w-full ${error ? 'textarea-error' : ''}`} {...common} />
      ) : (
        <input
          type={type}
          min={min}
          max={max}
          step={step}
          inputMode={inputMode}
          autoComplete={autoComplete}
          className={`input w-full ${error ? 'input-error' : ''} ${readOnly ? 'bg-base-200' : ''}`}
          {...common}
        />
      )}
      {hint ? (
        <p id={`${id}-hint`} className="text-sm opacity-80">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

// A field's error under a group of inputs the form wrapper's fields do not draw (checkboxes,
// radios): in the member's language, announced, and named by the group's aria-describedby.
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="text-sm text-error">
      {validationText(message)}
    </p>
  );
}

// Monday to Sunday as checkboxes holding '1' … '7' under one field name (a weekly series' days,
// a standing ride alert's), with the field's error under them.
export function WeekdayCheckboxes<Values extends FieldValues>({
  name,
  legend,
  legendClassName,
  error,
}: {
  name: Path<Values>;
  legend: ReactNode;
  legendClassName: string;
  error: string | undefined;
}) {
  const { register } = useFormContext<Values>();
  const errorId = `${useContext(FormIdContext)}-${name}-error`;
  return (
    <fieldset className="flex flex-col gap-1" aria-describedby={error ? errorId : undefined}>
      <legend className={legendClassName}>{legend}</legend>
      <div className="flex flex-wrap gap-x-3">
        {ISO_WEEKDAYS.map((day) => (
          <label key={day} className="label min-h-11 min-w-11 cursor-pointer gap-1 text-base-content">
            <input
              type="checkbox"
              className="checkbox checkbox-sm"
              value={String(day)}
              aria-invalid={error ? true : undefined}
              {...register(name)}
            />
            {formatWeekday(day)}
          </label>
        ))}
      </div>
      <FieldError id={errorId} message={error} />
    </fieldset>
  );
}

export function SubmitButton({
  pending,
  idleText,
  pendingText,
  className = 'btn btn-primary min-h-11 w-full',
}: {
  pending: boolean;
  idleText: string;
  pendingText: string;
  // A destructive form's button (deleting the account) is coloured as such.
  className?: string;
}) {
  return (
    // A press leaves the focus where it is. Moving it would blur the field being edited, which
    // checks that field (mode onBlur): its error would come or go, the button would move from
    // under the finger, and the press would miss. Submitting checks every field anyway.
    <button type="submit" className={className} disabled={pending} onMouseDown={(event) => event.preventDefault()}>
      {pending ? <span className="spinner spinner-sm" aria-hidden="true" /> : null}
      {pending ? pendingText : idleText}
    </button>
  );
}
