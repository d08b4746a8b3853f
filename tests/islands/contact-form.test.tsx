// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const toast = Object.assign(vi.fn(), {
  loading: vi.fn(() => 'toast-1'),
  success: vi.fn(),
  error: vi.fn(),
  warning: vi.fn(),
  info: vi.fn(),
});
vi.mock('../../islands/lib/toaster-ready', () => ({ withToaster: async () => toast }));

const { ContactForm, fieldError, mailtoHref } = await import('../../islands/contact-form');
import type { ContactFormProps } from '../../islands/contact-form';

const form: ContactFormProps['form'] = {
  id: 'f',
  submit: 'Send Message',
  subject: 'Website enquiry',
  markRequired: true,
  fields: [
    { name: 'firstName', label: 'First Name', type: 'text', required: true },
    { name: 'email', label: 'Email Address', type: 'email', required: true },
    { name: 'message', label: 'Message', type: 'textarea', required: true },
    { name: 'privacy', label: 'I agree to the [Privacy Policy](/privacy-policy).', type: 'checkbox', required: true },
    { name: 'newsletter', label: 'Newsletter', type: 'checkbox' },
  ],
};

beforeEach(() => vi.clearAllMocks());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const fill = () => {
  fireEvent.change(screen.getByLabelText(/First Name/), { target: { value: 'Ada' } });
  fireEvent.change(screen.getByLabelText(/Email Address/), { target: { value: 'ada@bank.ng' } });
  fireEvent.change(screen.getByLabelText(/Message/), { target: { value: 'We need a pen test.' } });
  fireEvent.click(screen.getByLabelText(/Privacy Policy/));
};
const submit = () => act(async () => void fireEvent.submit(document.querySelector('form')!));

describe('fieldError', () => {
  it('checks required text, email format and required checkboxes', () => {
    const [name, email, , privacy, newsletter] = form.fields;
    expect(fieldError(name!, ' ')).toBe('Please enter your first name.');
    expect(fieldError(email!, 'ada@')).toMatch(/valid email/);
    expect(fieldError(email!, 'ada@bank.ng')).toBeUndefined();
    expect(fieldError(privacy!, false)).toMatch(/tick this box/);
    expect(fieldError(newsletter!, false)).toBeUndefined();
  });
});

describe('ContactForm', () => {
  it('shows a message beside each invalid field, marks it invalid and focuses the first', async () => {
    render(<ContactForm form={form} endpoint={null} email="support@x.test" />);
    await submit();
    const first = screen.getByLabelText(/First Name/);
    expect(first.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(first.getAttribute('aria-describedby')!)!.textContent).toBe(
      'Please enter your first name.',
    );
    expect(document.activeElement).toBe(first);
    expect(document.querySelectorAll('.field-error:not([hidden])')).toHaveLength(4);
    expect(toast.info).not.toHaveBeenCalled();
    // A fixed field loses its message at once.
    fireEvent.change(first, { target: { value: 'Ada' } });
    expect(first.getAttribute('aria-invalid')).toBeNull();
  });

  it('without an endpoint, says the email is ready and opens it in the mail app, keeping what was typed', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    render(<ContactForm form={form} endpoint={null} email="support@x.test" />);
    fill();
    await submit();
    expect(toast.info).toHaveBeenCalledOnce();
    expect(toast.warning).not.toHaveBeenCalled();
    const [title, options] = toast.info.mock.calls[0] as unknown as [
      string,
      { description: string; action: { label: string; onClick(): void } },
    ];
    expect(title).toBe('Your email is ready');
    expect(options.description).toContain('support@x.test');
    expect(options.description).not.toMatch(/not sent|cannot|error/i);
    expect(options.action.label).toBe('Open email');
    options.action.onClick();
    const href = assign.mock.calls[0]![0] as string;
    expect(href.startsWith('mailto:support@x.test?subject=Website%20enquiry&body=')).toBe(true);
    expect(decodeURIComponent(href)).toContain('We need a pen test.');
    expect((screen.getByLabelText(/Message/) as HTMLTextAreaElement).value).toBe('We need a pen test.');
  });

  it('with an endpoint, posts the form with a loading toast, then a success toast', async () => {
    const fetchMock = vi.fn(async () => new Response('{}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    render(<ContactForm form={form} endpoint="https://forms.example.net/f" email="support@x.test" />);
    fill();
    await submit();
    expect(toast.loading).toHaveBeenCalledOnce();
    expect(fetchMock).toHaveBeenCalledWith('https://forms.example.net/f', expect.objectContaining({ method: 'POST' }));
    expect((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].body).toBeInstanceOf(FormData);
    expect(toast.success).toHaveBeenCalledWith('Message sent', expect.objectContaining({ id: 'toast-1' }));
  });

  it('with a failing endpoint, shows an error toast once, does not retry, and loses nothing', async () => {
    const fetchMock = vi.fn(async () => new Response('nope', { status: 502 }));
    vi.stubGlobal('fetch', fetchMock);
    render(<ContactForm form={form} endpoint="https://forms.example.net/f" email="support@x.test" />);
    fill();
    await submit();
    expect(fetchMock).toHaveBeenCalledOnce();
    expect(toast.error).toHaveBeenCalledWith(
      'Your message could not be sent',
      expect.objectContaining({ id: 'toast-1', description: expect.stringContaining('502') }),
    );
    expect((screen.getByLabelText(/First Name/) as HTMLInputElement).value).toBe('Ada');
  });

  it('posts, never GETs, so nothing typed lands in a URL without JavaScript', () => {
    render(<ContactForm form={form} endpoint={null} email="support@x.test" />);
    const element = document.querySelector('form')!;
    expect(element.getAttribute('method')).toBe('post');
    expect(element.getAttribute('action')).toBe('mailto:support@x.test?subject=Website%20enquiry');
  });
});

describe('mailtoHref', () => {
  it('prefills labelled fields and the message, skipping checkboxes and blanks', () => {
    const href = mailtoHref('a@b.c', 'Hi', form.fields, {
      firstName: 'Ada',
      email: '',
      message: 'Text',
      privacy: true,
      newsletter: false,
    });
    expect(decodeURIComponent(href.split('body=')[1]!)).toBe('First Name: Ada\n\nText\n');
  });
});
