/**
 * Toasts are raised by any island but shown by the one Toaster island, which
 * hydrates only when first needed. notify() hydrates it and waits until it
 * listens before raising the toast.
 */
import type { toast } from 'sonner';
import { ensureIsland } from 'site/theme/islands/lib/hydrate';

let markReady: () => void = () => {};
const ready = new Promise<void>((resolve) => {
  markReady = resolve;
});

/** Called by the Toaster island once sonner's Toaster is mounted and subscribed. */
export const toasterMounted = () => markReady();

/** Hydrates the Toaster if needed, then hands over sonner's toast(). */
export async function withToaster(): Promise<typeof toast> {
  // sonner loads only when a toast is first needed; it is the same module instance the Toaster uses.
  const [sonner] = await Promise.all([import('sonner'), ensureIsland('toaster')]);
  await ready;
  return sonner.toast;
}
