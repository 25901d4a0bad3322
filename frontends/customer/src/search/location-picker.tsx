import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { useIntl } from 'react-intl';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { normalizeDigits, tidySpaces, type Language, type LocationSuggestion } from '@manzil/contracts';
import { PinIcon, useLanguage } from '@manzil/ui';
import { locationSuggestionsQuery } from './search-queries.js';
import type { SelectedLocation } from './search-filters.js';

const MAX_SELECTED = 5;
const DEBOUNCE_MS = 200;

function useDebounced(value: string): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return debounced;
}

export interface LocationPickerProps {
  value: SelectedLocation[];
  onChange: (value: SelectedLocation[]) => void;
}

/** A suggestion as `locationSelected` keeps it: its name in the page's language. */
function toSelected(suggestion: LocationSuggestion, language: Language): SelectedLocation {
  return { id: suggestion.id, name: suggestion.name[language] || suggestion.name.en, type: suggestion.level };
}

/**
 * The location box (WAI-ARIA combobox with a list): places of the site's hierarchy (city,
 * community, sub-community, building) whose English or Arabic name matches what is typed,
 * each with the places above it and its level. Arrows move, Enter picks, Escape closes,
 * Backspace in an empty box removes the last place. Chosen places show as removable chips.
 */
export function LocationPicker({ value, onChange }: LocationPickerProps) {
  const intl = useIntl();
  const language = useLanguage();
  const id = useId();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const typed = useDebounced(tidySpaces(normalizeDigits(text)));
  const suggestions = useQuery({
    ...locationSuggestionsQuery(typed, language),
    enabled: open && typed.length > 0,
    placeholderData: keepPreviousData,
  });
  const chosen = new Set(value.map((place) => place.id));
  const options = (suggestions.data ?? []).filter((place) => !chosen.has(place.id));
  const expanded = open && typed.length > 0 && options.length > 0;
  const full = value.length >= MAX_SELECTED;

  const pick = (suggestion: LocationSuggestion) => {
    onChange([...value, toSelected(suggestion, language)]);
    setText('');
    setActive(0);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' && options.length > 0) {
      event.preventDefault();
      setOpen(true);
      setActive((index) => (index + 1) % options.length);
    } else if (event.key === 'ArrowUp' && options.length > 0) {
      event.preventDefault();
      setActive((index) => (index - 1 + options.length) % options.length);
    } else if (event.key === 'Enter' && expanded) {
      event.preventDefault();
      const option = options[Math.min(active, options.length - 1)];
      if (option) pick(option);
    } else if (event.key === 'Escape') {
      setOpen(false);
    } else if (event.key === 'Backspace' && text === '' && value.length > 0) {
      onChange(value.slice(0, -1));
    }
  };

  const listId = `${id}-list`;
  const optionId = (index: number) => `${id}-option-${index}`;
  const levelName = (level: string) => intl.formatMessage({ id: `customer.search.level.${level}` });

  return (
    <div className="cu-location" data-testid="location-picker">
      <label className="mz-visually-hidden" htmlFor={`${id}-input`}>
        {intl.formatMessage({ id: 'customer.search.location' })}
      </label>
      <div className="cu-location__box">
        <PinIcon className="cu-location__icon" aria-hidden="true" />
        {value.map((place) => (
          <span key={place.id} className="cu-chip" data-testid="location-chip">
            {place.name}
            <button
              type="button"
              className="cu-chip__remove"
              aria-label={intl.formatMessage({ id: 'customer.search.removeLocation' }, { name: place.name })}
              onClick={() => onChange(value.filter((other) => other.id !== place.id))}
            >
              ×
            </button>
          </span>
        ))}
        <input
          id={`${id}-input`}
          className="cu-location__input"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded ? optionId(Math.min(active, options.length - 1)) : undefined}
          autoComplete="off"
          disabled={full}
          placeholder={intl.formatMessage({
            id: full ? 'customer.search.locationFull' : 'customer.search.locationPlaceholder',
          })}
          value={text}
          data-testid="location-input"
          onChange={(event) => {
            setText(event.target.value);
            setOpen(true);
            setActive(0);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={onKeyDown}
        />
      </div>
      <ul id={listId} role="listbox" className="cu-location__list" hidden={!expanded}>
        {options.map((option, index) => (
          <li
            key={option.id}
            id={optionId(index)}
            role="option"
            aria-selected={index === active}
            className="cu-location__option"
            data-testid="location-option"
            // mousedown, not click: the input's blur would close the list first
            onMouseDown={(event) => {
              event.preventDefault();
              pick(option);
            }}
          >
            <span className="cu-location__path">{option.path[language] || option.path.en}</span>
            <span className="cu-location__level">{levelName(option.level)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
