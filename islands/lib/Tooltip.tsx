/**
 * Tooltips for icon-only controls (@radix-ui/react-tooltip) with the spec's
 * timings. A tooltip repeats the control's accessible name: never the only
 * place information lives.
 *
 * Radix's tooltip machinery is half of what hydrating the hero carousel costs,
 * so a control hydrates plain and gains its tooltip once the browser is idle
 * (moments later): the island's hydration stays one short task. Arming
 * remounts the control; one that had the focus takes it back, and so shows
 * its tooltip as focusing it would have.
 */
import * as RadixTooltip from '@radix-ui/react-tooltip';
import { cloneElement, useEffect, useLayoutEffect, useRef, useState, type ReactElement, type Ref } from 'react';

/** Runs `task` when the browser is next idle (shortly, where requestIdleCallback is missing); returns a canceller. */
function whenIdle(task: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(task, { timeout: 2000 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(task, 200);
  return () => clearTimeout(id);
}

export const TOOLTIP_DELAY = 700;
export const TOOLTIP_SKIP_DELAY = 300;
export const TOOLTIP_SIDE_OFFSET = 4;

export function TooltipProvider({ children }: { children: React.ReactNode }) {
  return (
    <RadixTooltip.Provider delayDuration={TOOLTIP_DELAY} skipDelayDuration={TOOLTIP_SKIP_DELAY}>
      {children}
    </RadixTooltip.Provider>
  );
}

export function Tooltip({ content, children, side = 'top' }: { content: string; children: ReactElement; side?: 'top' | 'bottom' | 'left' | 'right' }) {
  // Controlled, so radix tells the other tooltips to close the moment this one opens. Left to itself it does
  // that from an effect, and Preact (the browser's React, see generator/assets/client/react.ts) may run that effect
  // after the new tooltip began listening for it: the tooltip would close itself as it appears.
  const [open, setOpen] = useState(false);
  const [armed, setArmed] = useState(false);
  const control = useRef<HTMLElement>(null);
  const hadFocus = useRef(false);
  useEffect(
    () =>
      whenIdle(() => {
        hadFocus.current = document.activeElement === control.current;
        setArmed(true);
      }),
    [],
  );
  useLayoutEffect(() => {
    if (armed && hadFocus.current) control.current?.focus();
  }, [armed]);

  const trigger = cloneElement(children as ReactElement<{ ref?: Ref<HTMLElement> }>, { ref: control });
  if (!armed) return trigger;
  return (
    <RadixTooltip.Root open={open} onOpenChange={setOpen}>
      <RadixTooltip.Trigger asChild>{trigger}</RadixTooltip.Trigger>
      <RadixTooltip.Portal>
        <RadixTooltip.Content className="tooltip" side={side} sideOffset={TOOLTIP_SIDE_OFFSET}>
          {content}
          <RadixTooltip.Arrow className="tooltip-arrow" width={10} height={5} />
        </RadixTooltip.Content>
      </RadixTooltip.Portal>
    </RadixTooltip.Root>
  );
}
