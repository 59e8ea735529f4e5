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
}

export interface OverlayApi {
  openContact(pageName: string): void;
  openSubscribe(target: SubscribeTarget): void;
  openSignup(): void;
  toast(input: ToastInput): void;
}
