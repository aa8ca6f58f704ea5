import type { ChangeEvent, InputHTMLAttributes, Ref } from 'react';
import { maskDate, type DateOrder } from '../lib/date-text';

export interface DateInputProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'type' | 'inputMode' | 'maxLength' | 'placeholder'
> {
  /** The locale's order of day, month and year (`dateOrder(intlLocale)`). */
  order: DateOrder;
  /** The pattern the field shows while empty, in the page's language: `DD/MM/AAAA`, `MM/DD/YYYY`. */
  pattern: string;
  ref?: Ref<HTMLInputElement>;
}

/**
 * A date typed in the locale's order with a numeric keyboard; slashes come by themselves. Not
 * `<input type="date">`, whose order follows the browser's language instead of the page's. The value is the
 * text as shown; `parseDate` turns it into YYYY-MM-DD.
 */
export function DateInput({ order, pattern, onChange, ...rest }: DateInputProps) {
  return (
    <input
      {...rest}
      type="text"
      inputMode="numeric"
      maxLength={10}
      placeholder={pattern}
      onChange={(event: ChangeEvent<HTMLInputElement>) => {
        event.target.value = maskDate(event.target.value, order);
        onChange?.(event);
      }}
    />
  );
}
