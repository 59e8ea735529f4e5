import { useSyncExternalStore } from 'react';
import { Toaster } from '../ui/Toaster';
import { ContactDialog } from './ContactDialog';
import { overlayStore } from './overlay-store';
import { SignupDialog } from './SignupDialog';
import { SubscribeDialog } from './SubscribeDialog';

/** The page-wide dialogs and the toaster. */
export function OverlayRoot() {
  const state = useSyncExternalStore(overlayStore.subscribe, overlayStore.get, overlayStore.get);
  return (
    <>
      <ContactDialog
        open={state.contact.open}
        pageName={state.contact.pageName}
        opener={state.opener}
        onClose={() => overlayStore.close('contact')}
      />
      <SubscribeDialog
        open={state.subscribe.open}
        target={state.subscribe.target}
        opener={state.opener}
        onClose={() => overlayStore.close('subscribe')}
      />
      <SignupDialog
        open={state.signup.open}
        opener={state.opener}
        onClose={() => overlayStore.close('signup')}
      />
      <Toaster />
    </>
  );
}
