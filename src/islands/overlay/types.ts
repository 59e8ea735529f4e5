/** What the lazily mounted overlay root (dialogs + toaster) offers to plain page scripts. */
export interface ToastInput {
  title: string;
  description?: string;
  /** `destructive` for errors. */
  variant?: 'default' | 'destructive';
  /** Display time in ms; 5000 by default. */
  duration?: number;
}

export interface SubscribeTarget {
  apiId: string;
  apiName: string;
  /** Price per request in US dollars. */
  price: number;
  /** The monthly bundle chosen on a tier card; absent for pay per use. */
  plan?: { name: string; monthlyPrice: number; requestsPerMonth: number };
}

/** `opener` is the control that opened a dialog; focus returns to it on close. */
export interface OverlayApi {
  openContact(pageName: string, opener?: HTMLElement | null): void;
  openSubscribe(target: SubscribeTarget, opener?: HTMLElement | null): void;
  openSignup(opener?: HTMLElement | null): void;
  toast(input: ToastInput): void;
}
