import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import { invalidate, rateLimitMessage, request } from '../../shared/api-client';
import { createContactOperation } from '../../shared/contracts/contacts';
import { Button } from '../ui/Button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../ui/Dialog';
import { Input } from '../ui/Input';
import { FieldError, Label } from '../ui/Label';
import { Textarea } from '../ui/Textarea';
import { showToast } from '../ui/toast-store';
import {
  HONEYPOT_FIELD,
  validateContact,
  type ContactFieldErrors,
  type ContactFieldName,
} from './contact-form';

const EMPTY = { name: '', email: '', message: '' };
const FIELDS: readonly ContactFieldName[] = ['name', 'email', 'message'];

interface Props {
  open: boolean;
  /** The control that opened the dialog; focus returns to it on close. */
  opener?: HTMLElement | null;
  /** Sent as `pageName`: the page the dialog was opened from. */
  pageName: string;
  onClose: () => void;
}

/** The shared Contact Us dialog. */
export function ContactDialog({ open, pageName, opener, onClose }: Props) {
  const id = useId();
  const [values, setValues] = useState(EMPTY);
  const [honeypot, setHoneypot] = useState('');
  const [errors, setErrors] = useState<ContactFieldErrors>({});
  const [pending, setPending] = useState(false);
  const refs = {
    name: useRef<HTMLInputElement>(null),
    email: useRef<HTMLInputElement>(null),
    message: useRef<HTMLTextAreaElement>(null),
  };

  // Fields are disabled while sending, and a disabled field cannot take focus: focus waits
  // for the render that re-enables them.
  const [focusField, setFocusField] = useState<ContactFieldName | null>(null);
  useEffect(() => {
    if (!focusField || pending) return;
    refs[focusField].current?.focus();
    setFocusField(null);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- refs only hold stable DOM nodes
  }, [focusField, pending]);

  const focusFirstError = (errs: ContactFieldErrors) => {
    setFocusField(FIELDS.find((f) => errs[f]?.length) ?? null);
  };

  const update = (field: ContactFieldName, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    // Once a field shows an error, re-check it as the visitor types so the message goes away.
    if (errors[field]) {
      const result = validateContact({ ...next, pageName });
      setErrors((prev) => ({ ...prev, [field]: result.ok ? undefined : result.errors[field] }));
    }
  };

  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const result = validateContact({ ...values, pageName });
    if (!result.ok) {
      setErrors(result.errors);
      focusFirstError(result.errors);
      return;
    }
    setErrors({});
    setPending(true);
    const sent = await request(createContactOperation, {
      body: { ...result.data, ...(honeypot ? { [HONEYPOT_FIELD]: honeypot } : {}) },
    });
    setPending(false);
    if (sent.ok) {
      setValues(EMPTY);
      setHoneypot('');
      invalidate(createContactOperation.path);
      onClose();
      showToast({
        title: 'Message sent!',
        description: "Thanks for reaching out. We'll get back to you soon.",
      });
      return;
    }
    const { error } = sent;
    const fieldErrs: ContactFieldErrors = {};
    for (const f of FIELDS) if (error.fields[f]?.length) fieldErrs[f] = error.fields[f];
    setErrors(fieldErrs);
    focusFirstError(fieldErrs);
    let description = error.message || 'Failed to send message. Please try again.';
    if (error.status === 429) description = rateLimitMessage(error.retryAfter);
    else if (Object.keys(fieldErrs).length > 0) description = 'Please check the fields marked below.';
    showToast({ title: 'Error', description, variant: 'destructive' });
  };

  // Cancel starts over: an emptied form with no errors the next time it opens.
  const cancel = () => {
    setValues(EMPTY);
    setHoneypot('');
    setErrors({});
    onClose();
  };

  const fieldProps = (field: ContactFieldName) => {
    const errorId = `${id}-${field}-error`;
    return {
      id: `${id}-${field}`,
      name: field,
      value: values[field],
      disabled: pending,
      'aria-invalid': errors[field]?.length ? true : undefined,
      'aria-describedby': errors[field]?.length ? errorId : undefined,
      errorId,
    };
  };
  const { errorId: nameErrorId, ...nameProps } = fieldProps('name');
  const { errorId: emailErrorId, ...emailProps } = fieldProps('email');
  const { errorId: messageErrorId, ...messageProps } = fieldProps('message');

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next || pending) return;
        // Escape or the close button keep what was typed, but not stale errors.
        setErrors({});
        onClose();
      }}
    >
      <DialogContent data-testid="contact-dialog" returnFocusTo={opener}>
        <DialogHeader>
          <DialogTitle>Contact Us</DialogTitle>
          <DialogDescription>
            Tell us what you are building and our team will get back to you.
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={(e) => void onSubmit(e)} className="grid gap-4" aria-busy={pending}>
          <div>
            <Label htmlFor={nameProps.id}>Name</Label>
            <Input
              {...nameProps}
              ref={refs.name}
              autoComplete="name"
              placeholder="Your full name"
              required
              onChange={(e) => update('name', e.target.value)}
            />
            <FieldError id={nameErrorId} messages={errors.name} />
          </div>
          <div>
            <Label htmlFor={emailProps.id}>Business Email</Label>
            <Input
              {...emailProps}
              ref={refs.email}
              type="email"
              inputMode="email"
              autoComplete="email"
              placeholder="you@company.com"
              required
              onChange={(e) => update('email', e.target.value)}
            />
            <FieldError id={emailErrorId} messages={errors.email} />
          </div>
          <div>
            <Label htmlFor={messageProps.id}>How can we help?</Label>
            <Textarea
              {...messageProps}
              ref={refs.message}
              placeholder="Tell us about your project or questions..."
              required
              onChange={(e) => update('message', e.target.value)}
            />
            <FieldError id={messageErrorId} messages={errors.message} />
          </div>
          {/* Honeypot: off-screen and hidden from assistive tech; only bots fill it in. */}
          <div aria-hidden="true" className="absolute -left-[10000px] top-auto h-px w-px overflow-hidden">
            <label htmlFor={`${id}-hp`}>Leave this field empty</label>
            <input
              id={`${id}-hp`}
              type="text"
              name={HONEYPOT_FIELD}
              tabIndex={-1}
              autoComplete="off"
              value={honeypot}
              onChange={(e) => setHoneypot(e.target.value)}
            />
          </div>
          <DialogFooter>
            <Button variant="secondary" onClick={cancel} disabled={pending}>
              Cancel
            </Button>
            <Button type="submit" disabled={pending}>
              {pending ? 'Sending...' : 'Send Message'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
