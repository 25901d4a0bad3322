import { useCallback, useState } from 'react';
import { z, type ZodType } from 'zod';
import { fieldErrorSchema, fieldMessage, type Language } from '@manzil/contracts';
import { ApiError } from '../api/api-fetch.js';

/** A field's error: a contracts message key (translated when shown) or a server's text. */
export type FieldProblem = { key: string } | { text: string };
export type FieldProblems = Record<string, FieldProblem>;

/** zod issues → one problem per field (the first), keyed by the top-level field name. */
export function problemsOfIssues(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): FieldProblems {
  const problems: FieldProblems = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? 'form');
    problems[field] ??= { key: issue.message };
  }
  return problems;
}

const validationResultsSchema = z.object({ fields: z.array(fieldErrorSchema) });

/** A 422's `results.fields` (already in the page's language) → problems; null for other errors. */
export function problemsOfApiError(error: unknown): FieldProblems | null {
  if (!(error instanceof ApiError) || error.status !== 422) return null;
  const parsed = validationResultsSchema.safeParse(error.results);
  if (!parsed.success || parsed.data.fields.length === 0) return null;
  const problems: FieldProblems = {};
  for (const { field, message } of parsed.data.fields) problems[field.split('.')[0]] ??= { text: message };
  return problems;
}

/** The confirm-password rule of contracts' `withConfirmedPassword`, for `validate`'s `crossField`. */
export function passwordMismatch(input: { password?: string; confirmPassword?: string }): FieldProblems {
  return (input.password ?? '') !== (input.confirmPassword ?? '') && (input.confirmPassword ?? '') !== ''
    ? { confirmPassword: { key: 'password.mismatch' } }
    : {};
}

export function problemText(problem: FieldProblem | undefined, language: Language): string | undefined {
  if (!problem) return undefined;
  return 'key' in problem ? fieldMessage(problem.key, language) : problem.text;
}

/**
 * A form's values and errors. Values are never reset by a failed validation (nothing typed is
 * lost); `validate` runs a contracts schema and shows its messages beside each field in the
 * page's language; `showApiError` does the same with a 422 from the server.
 */
export function useForm<V extends object>(language: Language, initial: V | (() => V)) {
  const [values, setValues] = useState<V>(initial);
  const [problems, setProblems] = useState<FieldProblems>({});

  const setValue = useCallback(<K extends keyof V>(name: K, value: V[K]) => {
    setValues((current) => ({ ...current, [name]: value }));
    setProblems((current) => {
      if (!(name in current)) return current;
      const next = { ...current };
      delete next[name as string];
      return next;
    });
  }, []);

  /**
   * zod skips an object's refinements (confirm password, company or freelancer) while a field
   * is invalid; `crossField` reports those at the same time, so every message shows at once.
   */
  const validate = useCallback(
    <T>(schema: ZodType<T>, input: unknown, crossField?: (input: never) => FieldProblems): T | null => {
      const result = schema.safeParse(input);
      if (result.success) {
        setProblems({});
        return result.data;
      }
      setProblems({ ...crossField?.(input as never), ...problemsOfIssues(result.error.issues) });
      return null;
    },
    [],
  );

  /** True when the error was a 422 with field messages (now shown beside the fields). */
  const showApiError = useCallback((error: unknown): boolean => {
    const fromServer = problemsOfApiError(error);
    if (fromServer) setProblems(fromServer);
    return fromServer !== null;
  }, []);

  const setProblem = useCallback((field: string, problem: FieldProblem | null) => {
    setProblems((current) => {
      const next = { ...current };
      if (problem) next[field] = problem;
      else delete next[field];
      return next;
    });
  }, []);

  const error = (field: string) => problemText(problems[field], language);
  return { values, setValue, setValues, problems, validate, showApiError, setProblem, error };
}
