/*
 * The public pages' icons are made once per set of props and then reused (app/site/lucide.ts):
 * their HTML must be Lucide's own, byte for byte, for every icon and the props the pages give.
 */
import * as lucide from 'lucide-react';
import { createElement, type ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import * as site from '../../app/site/lucide.ts';

const icons = Object.entries(site).filter(([name]) => name !== 'kept') as Array<[string, ComponentType<Record<string, unknown>>]>;
const PROPS: Array<Record<string, unknown>> = [
  {},
  { className: 'h-4 w-4', 'aria-hidden': 'true' },
  { className: 'h-6 w-6 text-accent-500', 'aria-hidden': 'true', focusable: 'false' },
  { size: 18, strokeWidth: 1.5 },
  { 'aria-label': 'Qidiruv', role: 'img' },
  { className: 'h-4 w-4', style: { color: 'red' } },
];

describe('the public pages’ icons', () => {
  it('give Lucide’s own HTML for every icon and every kind of props the pages use, the first time and when kept', () => {
    expect(icons.length).toBeGreaterThan(30);
    for (const [name, icon] of icons) {
      const original = (lucide as unknown as Record<string, ComponentType<Record<string, unknown>>>)[name];
      expect(original, name).toBeDefined();
      for (const props of PROPS) {
        const expected = renderToStaticMarkup(createElement(original, props));
        expect(renderToStaticMarkup(createElement(icon, props)), `${name} ${JSON.stringify(props)}`).toBe(expected);
        expect(renderToStaticMarkup(createElement(icon, props)), `${name} ${JSON.stringify(props)}, kept`).toBe(expected);
      }
    }
  });

  it('keeps the element made for plain props, and makes it anew for others (a style object, children)', () => {
    const render = (site.ArrowRight as unknown as { render: (props: object, ref: unknown) => unknown }).render;
    const made: unknown[] = [];
    // Called while React renders (Lucide reads its context).
    const Probe = () => {
      made.push(render({ className: 'h-4 w-4', 'aria-hidden': 'true' }, null), render({ className: 'h-4 w-4', 'aria-hidden': 'true' }, null));
      made.push(render({ className: 'h-4 w-4', style: { color: 'red' } }, null), render({ className: 'h-4 w-4', style: { color: 'red' } }, null));
      made.push(render({ size: 16 }, null), render({ size: '16' }, null));
      return null;
    };
    renderToStaticMarkup(createElement(Probe));
    // Fails when Lucide's components are no longer what lucide.ts unwraps: it would then make every icon anew.
    expect(made[0]).toBe(made[1]);
    expect(made[2]).not.toBe(made[3]);
    expect(made[4]).not.toBe(made[5]);
  });
});
