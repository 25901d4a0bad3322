import { useIntl } from 'react-intl';
import { fieldMessage, type Language } from '@manzil/contracts';
import { useLanguage } from '@manzil/ui';

/** The console's texts, and contracts' field messages keyed by a dotted path (`title.ar`). */
export function useAdminText() {
  const intl = useIntl();
  const language = useLanguage();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  return { t, language, intl };
}

export type Problems = Record<string, string>;

export function problemsOf(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  language: Language,
): Problems {
  const problems: Problems = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || 'form';
    problems[key] ??= fieldMessage(issue.message, language);
  }
  return problems;
}
