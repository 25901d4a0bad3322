import { useId, type KeyboardEvent } from 'react';
import { isRtl } from './focus.js';

/**
 * Where an arrow key (or Home/End) moves within a row of choices, or null for any other key.
 * Right and left follow the reading direction: in Arabic ArrowLeft goes to the NEXT item.
 * Down and up also work (a row laid out vertically, as the profile's tabs on wide screens).
 * The ends wrap.
 */
function targetIndex(event: KeyboardEvent<HTMLElement>, from: number, count: number, homeEnd: boolean) {
  const forward = isRtl(event.currentTarget) ? 'ArrowLeft' : 'ArrowRight';
  const backward = forward === 'ArrowLeft' ? 'ArrowRight' : 'ArrowLeft';
  let to: number;
  if (event.key === forward || event.key === 'ArrowDown') to = from + 1;
  else if (event.key === backward || event.key === 'ArrowUp') to = from - 1;
  else if (homeEnd && event.key === 'Home') to = 0;
  else if (homeEnd && event.key === 'End') to = count - 1;
  else return null;
  return (to + count) % count;
}

/**
 * One choice in the Tab order (the selected one, a roving `tabindex`); the keys above move
 * focus and select at once ("automatic activation"), which suits choices that are cheap to
 * show. Shared by the tabs and radio group patterns.
 */
function useRoving<V extends string>(
  values: readonly V[],
  selected: V,
  onSelect: (value: V) => void,
  homeEnd: boolean,
) {
  const base = useId();
  const itemId = (value: V) => `${base}item-${value}`;
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const focused = values.findIndex((value) => itemId(value) === (event.target as HTMLElement).id);
    const from = focused >= 0 ? focused : values.indexOf(selected);
    const to = targetIndex(event, from, values.length, homeEnd);
    if (to === null) return;
    event.preventDefault();
    const next = values[to];
    if (next !== selected) onSelect(next);
    document.getElementById(itemId(next))?.focus();
  };
  const itemProps = (value: V) => ({
    id: itemId(value),
    type: 'button' as const,
    tabIndex: value === selected ? 0 : -1,
    onClick: () => {
      if (value !== selected) onSelect(value);
    },
  });
  return { base, itemId, onKeyDown, itemProps };
}

/**
 * The ARIA tabs pattern (WAI-ARIA APG "Tabs", automatic activation) over a value the caller
 * keeps (a search parameter, state): arrows in the reading direction, Home and End, one panel
 * labelled by the selected tab.
 */
export function useTabs<V extends string>(values: readonly V[], selected: V, onSelect: (value: V) => void) {
  const { base, itemId, onKeyDown, itemProps } = useRoving(values, selected, onSelect, true);
  const panelId = `${base}panel`;
  return {
    tabListProps: { role: 'tablist' as const, onKeyDown },
    tabProps: (value: V) => ({
      ...itemProps(value),
      role: 'tab' as const,
      'aria-selected': value === selected,
      'aria-controls': panelId,
    }),
    panelProps: { id: panelId, role: 'tabpanel' as const, 'aria-labelledby': itemId(selected) },
  };
}

/**
 * The ARIA radio group pattern (WAI-ARIA APG "Radio Group") on buttons: arrows in the reading
 * direction move and select. Only for a choice that changes nothing else on selection (WCAG
 * 3.2.2); a choice that acts (a language that reloads the page) is a set of buttons instead.
 */
export function useRadioGroup<V extends string>(
  values: readonly V[],
  selected: V,
  onSelect: (value: V) => void,
) {
  const { onKeyDown, itemProps } = useRoving(values, selected, onSelect, false);
  return {
    groupProps: { role: 'radiogroup' as const, onKeyDown },
    radioProps: (value: V) => ({
      ...itemProps(value),
      role: 'radio' as const,
      'aria-checked': value === selected,
    }),
  };
}
