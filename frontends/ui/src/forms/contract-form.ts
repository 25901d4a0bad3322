import { zodResolver } from '@hookform/resolvers/zod';
import {
  set,
  useForm,
  type DefaultValues,
  type FieldError,
  type FieldErrors,
  type FieldValues,
  type Path,
  type Resolver,
  type UseFormReturn,
} from 'react-hook-form';
import type { z, ZodType } from 'zod';
import { fieldMessage, type Language } from '@manzil/contracts';
// eslint-disable-next-line @nx/enforce-module-boundaries -- the shared singleton, not a copy (see index.ts)
import { apiFieldErrors } from '@manzil/ui';

/** The `type` of an error the server gave (already in the page's language, shown as it is). */
export const SERVER_ERROR = 'server';

/** Field name → a contracts message key, for the rules a schema checks only once every field is valid. */
export type CrossFieldRules<V> = (values: V) => Record<string, string>;

export interface ContractFormOptions<V extends FieldValues> {
  /** The contracts schema the endpoint validates with: same rules, same messages. */
  schema: ZodType;
  defaultValues: DefaultValues<V>;
  /** The schema's input made from what the form holds (blank optional fields → undefined, ...). */
  toInput?: (values: V) => unknown;
  /**
   * zod runs an object's refinements (confirm password, a company unless freelancer) only when
   * every field passed; these report them at the same time, so one submit shows every problem.
   */
  crossField?: CrossFieldRules<V>;
}

/**
 * The resolver of a contracts form: the zod schema through `@hookform/resolvers/zod` (zod 4),
 * on the schema's input built from the form's values, plus the cross-field rules. Messages
 * stay contracts keys here and are put in the page's language when shown (`errorText`), so a
 * language switch translates the errors already on screen.
 */
export function contractResolver<V extends FieldValues, Out>(
  schema: ZodType,
  toInput: (values: V) => unknown = (values) => values,
  crossField?: CrossFieldRules<V>,
): Resolver<V, unknown, Out> {
  const resolve = zodResolver(schema as z.ZodType<Out, FieldValues>) as unknown as Resolver<
    FieldValues,
    unknown,
    Out
  >;
  return async (values, context, options) => {
    const result = await resolve(toInput(values) as FieldValues, context, options as never);
    const cross = crossField?.(values) ?? {};
    const crossNames = Object.keys(cross);
    if (crossNames.length === 0) return result as Awaited<ReturnType<Resolver<V, unknown, Out>>>;
    const errors: FieldErrors<FieldValues> = { ...result.errors };
    for (const name of crossNames) {
      if (!readError(errors, name)) set(errors, name, { type: 'cross-field', message: cross[name] });
    }
    return { values: {}, errors } as Awaited<ReturnType<Resolver<V, unknown, Out>>>;
  };
}

/**
 * A form over a contracts schema: validated when a field is left, then as it changes
 * (`onTouched`); on submit, the first invalid field gets the focus; `handleSubmit` hands over
 * the schema's parsed output.
 */
export function useContractForm<V extends FieldValues, Out = unknown>({
  schema,
  defaultValues,
  toInput,
  crossField,
}: ContractFormOptions<V>): UseFormReturn<V, unknown, Out> {
  return useForm<V, unknown, Out>({
    mode: 'onTouched',
    defaultValues,
    shouldFocusError: true,
    resolver: contractResolver<V, Out>(schema, toInput, crossField),
  });
}

/** The confirm-password rule of contracts' `withConfirmedPassword`, reported with the others. */
export function passwordMismatch(values: {
  password?: string;
  confirmPassword?: string;
}): Record<string, string> {
  const confirm = values.confirmPassword ?? '';
  return confirm !== '' && (values.password ?? '') !== confirm
    ? { confirmPassword: 'password.mismatch' }
    : {};
}

/** An error as the page shows it: a contracts key in the page's language, a server's text as it is. */
export function errorText(error: Pick<FieldError, 'type' | 'message'> | undefined, language: Language) {
  if (!error?.message) return undefined;
  return error.type === SERVER_ERROR ? error.message : fieldMessage(error.message, language);
}

/** The error at a dotted path (`title.en`) of RHF's nested errors, if any. */
export function readError(errors: FieldErrors<FieldValues>, path: string): FieldError | undefined {
  let node: unknown = errors;
  for (const part of path.split('.')) {
    if (!node || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node && typeof node === 'object' && 'message' in node ? (node as FieldError) : undefined;
}

/** Every error of a form, in the order its fields were written, as `{ name, error }`. */
export function flattenErrors(
  errors: FieldErrors<FieldValues>,
  prefix = '',
): { name: string; error: FieldError }[] {
  const found: { name: string; error: FieldError }[] = [];
  for (const [key, value] of Object.entries(errors)) {
    if (!value || typeof value !== 'object') continue;
    const name = prefix ? `${prefix}.${key}` : key;
    if (typeof (value as FieldError).message === 'string' && (value as FieldError).message !== '') {
      found.push({ name, error: value as FieldError });
    } else if (key !== 'ref') {
      found.push(...flattenErrors(value as FieldErrors<FieldValues>, name));
    }
  }
  return found;
}

/**
 * A 422 with field messages (already in the page's language) put beside the fields it names,
 * the first one focused; a field the form does not have goes to the error summary. False for
 * any other failure, which the caller reports (a toast).
 */
export function showServerErrors<V extends FieldValues>(
  form: UseFormReturn<V, unknown, unknown>,
  error: unknown,
) {
  const fields = apiFieldErrors(error);
  if (fields.length === 0) return false;
  const known = new Set(Object.keys(form.getValues()));
  fields.forEach(({ field, message }, index) => {
    const name = known.has(field.split('.')[0]) ? field : `root.${field}`;
    form.setError(name as Path<V>, { type: SERVER_ERROR, message }, { shouldFocus: index === 0 });
  });
  return true;
}
