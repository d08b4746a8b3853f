/**
 * The one Toaster (sonner) on every page, hydrated on demand: bottom-right,
 * 3 visible, 4000 ms, Alt+T expands and Escape collapses, swipe to dismiss,
 * paused while hovered or focused; loading toasts stay until resolved.
 *
 * sonner's stylesheet is a file the page links when the Toaster starts, not a
 * <style> sonner injects (the theme cuts the injection from sonner's module as
 * the islands are bundled, templates/index.ts, islandSourceEdits):
 * the CSP allows styles from the site only, and the bytes stay out of the
 * JavaScript.
 */
import { useEffect } from 'react';
import { Toaster as Sonner } from 'sonner';
import 'sonner/dist/styles.css';
import { hydrator } from 'site/theme/islands/lib/runtime';
import { toasterMounted } from './lib/toaster-ready';

export const TOASTER = {
  position: 'bottom-right',
  visibleToasts: 3,
  duration: 4000,
  hotkey: ['altKey', 'KeyT'],
  containerAriaLabel: 'Notifications',
} as const;

export function Toaster() {
  // Child effects run first: by now sonner's Toaster is subscribed.
  useEffect(() => toasterMounted(), []);
  return (
    <Sonner
      position={TOASTER.position}
      visibleToasts={TOASTER.visibleToasts}
      duration={TOASTER.duration}
      hotkey={[...TOASTER.hotkey]}
      containerAriaLabel={TOASTER.containerAriaLabel}
      closeButton
      toastOptions={{ closeButtonAriaLabel: 'Close toast', className: 'toast' }}
    />
  );
}

export const hydrate = hydrator(Toaster);
