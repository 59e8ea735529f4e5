import { useId, useState, type SubmitEvent } from 'react';
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
import { Label } from '../ui/Label';
import { showToast } from '../ui/toast-store';

/** The fixed texts the pricing sign-up sends. */
export const SIGNUP_REQUEST = {
  name: 'Standard Plan Signup',
  message: 'Sign up request for standard plan',
  pageName: 'Pricing',
} as const;

interface Props {
  open: boolean;
  /** The control that opened the dialog; focus returns to it on close. */
  opener?: HTMLElement | null;
  onClose: () => void;
}

/** Pricing page "Get Started Now": an email-only request for the Standard Plan. */
export function SignupDialog({ open, opener, onClose }: Props) {
  const id = useId();
  const [email, setEmail] = useState('');
  const [pending, setPending] = useState(false);

  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = email.trim();
    // An empty address is ignored; the browser's own `required` message explains it.
    if (!trimmed || pending) return;
    setPending(true);
    const sent = await request(createContactOperation, { body: { ...SIGNUP_REQUEST, email: trimmed } });
    setPending(false);
    if (sent.ok) {
      invalidate(createContactOperation.path);
      setEmail('');
      onClose();
      showToast({ title: 'Request Submitted!', description: 'We will be in touch within 24 hours' });
      return;
    }
    const description =
      sent.error.status === 429
        ? rateLimitMessage(sent.error.retryAfter)
        : 'Failed to submit request. Please try again.';
    showToast({ title: 'Error', description, variant: 'destructive' });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next && !pending) onClose();
      }}
    >
      <DialogContent data-testid="signup-dialog" returnFocusTo={opener}>
        <DialogHeader>
          <DialogTitle>Get Started with the Standard Plan</DialogTitle>
          <DialogDescription>
            Leave your email and we will set up your account. We reply within 24 hours.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={(e) => void onSubmit(e)} className="grid gap-4" aria-busy={pending}>
          <div>
            <Label htmlFor={`${id}-email`}>Email</Label>
            <Input
              id={`${id}-email`}
              name="email"
              type="email"
              inputMode="email"
              autoComplete="email"
              placeholder="you@company.com"
              required
              disabled={pending}
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          </div>
          <DialogFooter>
            <Button variant="secondary" onClick={onClose} disabled={pending}>
              Cancel
            </Button>
            <Button type="submit" disabled={pending}>
              {pending ? 'Submitting...' : 'Submit Request'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
