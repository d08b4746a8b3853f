/** Every component variant renders on the server as the markup the styles and scripts expect. */
import { renderToStaticMarkup } from 'react-dom/server';
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { ActionButton } from '../../templates/components/ActionButton';
import { Button, type ButtonSize, type ButtonVariant } from '../../templates/components/Button';
import { Card } from '../../templates/components/Card';
import { FormField } from '../../templates/components/FormField';
import { BrandIcon } from '../../templates/components/BrandIcon';
import { Icon } from '../../templates/components/icons';
import { InlineText } from '../../templates/components/InlineText';
import { Stats } from '../../templates/components/Stats';
import { Badge, Section, SectionHeading } from '../../templates/components/Section';

const dom = (element: React.ReactElement) =>
  JSDOM.fragment(`<div>${renderToStaticMarkup(element)}</div>`).firstElementChild!;

describe('Button', () => {
  const variants: ButtonVariant[] = ['default', 'destructive', 'outline', 'secondary', 'ghost', 'link'];
  const sizes: ButtonSize[] = ['default', 'sm', 'lg', 'icon'];

  it.each(variants.flatMap((v) => sizes.map((s) => [v, s] as const)))('variant %s, size %s', (variant, size) => {
    const el = dom(
      <Button variant={variant} size={size} label="Go">
        Go
      </Button>,
    ).firstElementChild!;
    expect(el.classList.contains('btn')).toBe(true);
    expect(el.classList.contains(`btn-${variant}`)).toBe(true);
    const sizeClasses = ['btn-sm', 'btn-lg', 'btn-icon'].filter((c) => el.classList.contains(c));
    expect(sizeClasses).toEqual(size === 'default' ? [] : [`btn-${size}`]);
  });

  it('is a link with an href and an inert button without one', () => {
    expect(dom(<Button href="/contact">Contact</Button>).innerHTML).toMatch(
      /^<a class="btn btn-default" href="\/contact">Contact<\/a>$/,
    );
    const button = dom(<Button>Schedule</Button>).firstElementChild!;
    expect(button.tagName).toBe('BUTTON');
    expect(button.getAttribute('type')).toBe('button');
  });

  it('gives icon-only buttons an accessible name', () => {
    const el = dom(<Button size="icon" icon={<Icon name="x" />} label="Close" />).firstElementChild!;
    expect(el.textContent).toBe('Close');
    expect(el.querySelector('.sr-only')?.textContent).toBe('Close');
    expect(el.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
  });

  it('turns a content action into a link, with an arrow on default ones; a tel: link without spaces', () => {
    const el = dom(<ActionButton action={{ label: 'Learn More', href: '/x' }} />).firstElementChild!;
    expect(el.tagName).toBe('A');
    expect(el.querySelectorAll('svg')).toHaveLength(1);
    const call = dom(
      <ActionButton action={{ label: 'Call', href: 'tel:+234 201 555 0199', variant: 'outline' }} />,
    ).firstElementChild!;
    expect([call.tagName, call.getAttribute('href'), call.querySelectorAll('svg').length]).toEqual([
      'A',
      'tel:+2342015550199',
      0,
    ]);
  });

  it('refuses a content action that goes nowhere (a button that does nothing reads as broken)', async () => {
    const { action } = await import('../../templates/content/schemas');
    expect(action.safeParse({ label: 'Request Assessment' }).error?.issues.map((i) => i.path.join('.'))).toEqual([
      'href',
    ]);
    expect(action.safeParse({ label: 'Request Assessment', href: '/contact#message' }).success).toBe(true);
  });

  it('puts the arrow after the label, also where the content names it as the icon', () => {
    const el = dom(
      <ActionButton action={{ label: 'Request Assessment', href: '/contact', icon: 'arrow-right' }} />,
    ).firstElementChild!;
    expect(el.querySelectorAll('svg')).toHaveLength(1);
    expect(el.lastElementChild?.tagName.toLowerCase()).toBe('svg');
    expect(el.firstChild?.textContent).toBe('Request Assessment');
  });
});

describe('Icon', () => {
  it('renders inline SVG, decorative unless labelled', () => {
    expect(
      dom(<Icon name="shield" />)
        .querySelector('svg')
        ?.getAttribute('aria-hidden'),
    ).toBe('true');
    const labelled = dom(<Icon name="shield" label="Secure" />).querySelector('svg')!;
    expect(labelled.getAttribute('role')).toBe('img');
    expect(labelled.getAttribute('aria-label')).toBe('Secure');
    expect(
      dom(<BrandIcon name="linkedin" />)
        .querySelector('path')
        ?.getAttribute('d'),
    ).toMatch(/^M/);
  });
});

describe('Card', () => {
  it('renders icon, eyebrow, title, text, meta, features and actions', () => {
    const el = dom(
      <Card
        card={{
          id: 'x',
          icon: 'cloud',
          eyebrow: 'Cloud',
          title: 'AWS',
          description: 'Desc',
          features: ['A', 'B'],
          meta: [{ label: 'Duration', value: '8 weeks' }],
          actions: [{ label: 'Learn More', href: '/a' }],
        }}
      />,
    ).firstElementChild!;
    expect(el.id).toBe('x');
    expect(el.querySelector('h3')?.textContent).toBe('AWS');
    expect(el.querySelector('.card-eyebrow')?.textContent).toBe('Cloud');
    expect([...el.querySelectorAll('.checklist li')].map((li) => li.textContent)).toEqual(['A', 'B']);
    expect(el.querySelector('dt')?.textContent).toBe('Duration');
    expect(el.querySelector('dd')?.textContent).toBe('8 weeks');
    expect(el.querySelector('.card-actions a')?.getAttribute('href')).toBe('/a');
  });

  it('leaves out what the data does not have', () => {
    const el = dom(<Card card={{ title: 'Only a title' }} />).firstElementChild!;
    expect(el.querySelector('.card-icon, .card-text, .checklist, .card-meta, .card-actions')).toBeNull();
  });
});

describe('Stats', () => {
  it('pairs each number with its label in a definition list', () => {
    const el = dom(<Stats items={[{ number: '15+', label: 'Years Experience' }]} />);
    expect(el.querySelector('dt')?.textContent).toBe('Years Experience');
    expect(el.querySelector('dd.stat-number')?.textContent).toBe('15+');
  });
});

describe('FormField', () => {
  it('labels every control and marks required fields', () => {
    const el = dom(
      <FormField
        formId="f"
        showRequired
        field={{ name: 'email', label: 'Email Address', type: 'email', required: true }}
      />,
    );
    const input = el.querySelector('input')!;
    expect(input.getAttribute('type')).toBe('email');
    expect(input.hasAttribute('required')).toBe(true);
    expect(el.querySelector(`label[for="${input.id}"]`)?.textContent).toBe('Email Address*');
    expect(el.querySelector('.required')?.getAttribute('aria-hidden')).toBe('true');
  });

  it('renders textarea rows, select options and checkboxes with links in their labels', () => {
    expect(
      dom(
        <FormField
          formId="f"
          showRequired={false}
          field={{ name: 'message', label: 'Message', type: 'textarea', rows: 4 }}
        />,
      )
        .querySelector('textarea')
        ?.getAttribute('rows'),
    ).toBe('4');
    const select = dom(
      <FormField
        formId="f"
        showRequired={false}
        field={{ name: 'service', label: 'Service', type: 'select', options: ['A', 'B'], placeholder: 'Pick' }}
      />,
    );
    expect([...select.querySelectorAll('option')].map((o) => o.textContent)).toEqual(['Pick', 'A', 'B']);
    const box = dom(
      <FormField
        formId="f"
        showRequired
        field={{
          name: 'privacy',
          label: 'I agree to the [Privacy Policy](/privacy-policy).',
          type: 'checkbox',
          required: true,
        }}
      />,
    );
    expect(box.querySelector('input')?.getAttribute('type')).toBe('checkbox');
    expect(box.querySelector('label a')?.getAttribute('href')).toBe('/privacy-policy');
    // Required, but its own words say what it asks: the asterisk stays on the four fields the spec marks.
    expect(box.querySelector('input')?.hasAttribute('required')).toBe(true);
    expect(box.querySelector('.required')).toBeNull();
  });
});

describe('small pieces', () => {
  it('InlineText turns [label](href) into links and nothing else into markup', () => {
    expect(renderToStaticMarkup(<InlineText text="See [terms](/terms) <b>now</b>" />)).toBe(
      'See <a href="/terms">terms</a> &lt;b&gt;now&lt;/b&gt;',
    );
  });

  it('Section, SectionHeading and Badge', () => {
    const el = dom(
      <Section id="s" tone="dark" labelledBy="h">
        <SectionHeading id="h" eyebrow="E" title="T" intro="I" />
        <Badge tone="inverse">New</Badge>
      </Section>,
    ).firstElementChild!;
    expect(el.className).toBe('section tone-dark');
    expect(el.getAttribute('aria-labelledby')).toBe('h');
    expect(el.querySelector('h2#h')?.textContent).toBe('T');
    expect(el.querySelector('.badge-inverse')?.textContent).toBe('New');
  });
});
