import { useId } from 'react';
import { ChevronDownIcon } from './icons.js';

export interface SelectOption<V extends string> {
  value: V;
  label: string;
  /** The option's own language, so «العربية» is announced in Arabic inside an English page. */
  lang?: string;
}

export interface SelectProps<V extends string> {
  label: string;
  /** Show the label on screen, or keep it for screen readers only. */
  showLabel?: boolean;
  value: V;
  options: readonly SelectOption<V>[];
  onChange: (value: V) => void;
  icon?: React.ReactNode;
  testId?: string;
}

/**
 * A dropdown built on the native select (keyboard, screen readers and mobile pickers for
 * free); the chevron sits at the inline end, so it moves to the left in Arabic.
 */
export function Select<V extends string>({
  label,
  showLabel = false,
  value,
  options,
  onChange,
  icon,
  testId,
}: SelectProps<V>) {
  const id = useId();
  return (
    <span className="mz-select">
      <label htmlFor={id} className={showLabel ? 'mz-select__label' : 'mz-visually-hidden'}>
        {label}
      </label>
      <span className={icon ? 'mz-select__control mz-select__control--icon' : 'mz-select__control'}>
        {icon ? <span className="mz-select__icon">{icon}</span> : null}
        <select
          id={id}
          value={value}
          data-testid={testId}
          onChange={(event) => onChange(event.target.value as V)}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value} lang={option.lang}>
              {option.label}
            </option>
          ))}
        </select>
        <ChevronDownIcon className="mz-select__chevron" />
      </span>
    </span>
  );
}
