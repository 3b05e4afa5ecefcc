import type { ReactNode } from 'react';

/**
 * A checkbox a public form cannot be sent without (consent, an acknowledgement): the box, its
 * label marked required (`marked`: the mark after the words), and `after` the label's words and
 * mark (a link to the policy). Its value is "true".
 */
export function RequiredCheckbox({ id, name, checked, invalid, describedBy, className = 'flex items-start gap-3', labelClass, marked = true, after, children }: { id: string; name: string; checked?: boolean; invalid?: boolean; describedBy?: string; className?: string; labelClass: string; marked?: boolean; after?: ReactNode; children: ReactNode }) {
  return (
    <div className={className}>
      <input id={id} type="checkbox" name={name} value="true" required defaultChecked={checked} aria-invalid={invalid ? true : undefined} aria-describedby={describedBy} className="mt-1 h-5 w-5 shrink-0 accent-brand-700" />
      <label htmlFor={id} className={labelClass}>
        {children}
        {marked && <span aria-hidden="true"> *</span>}
        {after}
      </label>
    </div>
  );
}
