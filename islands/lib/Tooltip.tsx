/**
 * Tooltips for icon-only controls (@radix-ui/react-tooltip) with the spec's
 * timings. A tooltip repeats the control's accessible name: never the only
 * place information lives.
 *
 * radix is loaded only when a tooltip's control is first pointed at or
 * focused (a dynamic import, its own chunk): until then the control is
 * rendered plain, with its accessible name, and no page downloads or runs
 * radix for tooltips nobody asks for. Once radix is in, the control is
 * rendered as radix's trigger (a remount: a control that still has the focus
 * as radix arrives takes it back; one the visitor has left does not) and the tooltip opens for that first hover or focus as radix would
 * have opened it: after the delay for a pointer, at once for the keyboard.
 *
 * A tap or click is never lost to that remount: radix is asked for by a
 * mouse or pen pointing at the control or by keyboard focus (a finger's tap
 * asks for no tooltip), and one arriving while a pointer is pressed waits
 * until the press has ended, and its click been delivered to the control.
 *
 * Each tooltip has its own radix provider (a shared one would remount every
 * control of the island when radix arrives), so the skip delay (moving from
 * one tooltip to the next opens it at once) is kept here, across tooltips.
 */
import { cloneElement, useLayoutEffect, useRef, useState, useSyncExternalStore, type FocusEvent, type MouseEvent, type PointerEvent, type ReactElement, type ReactNode, type Ref } from 'react';

type Radix = typeof import('@radix-ui/react-tooltip');

export const TOOLTIP_DELAY = 700;
export const TOOLTIP_SKIP_DELAY = 300;
export const TOOLTIP_SIDE_OFFSET = 4;

let radix: Radix | undefined;
let loading: Promise<Radix> | undefined;

/** radix, imported once for the page (tests await it). */
export const loadRadix = (): Promise<Radix> => (loading ??= import('@radix-ui/react-tooltip').then((module) => (radix = module)));

/**
 * For the skip delay shared by every tooltip on the page: true for TOOLTIP_SKIP_DELAY after a tooltip closed, when
 * another one opens at once (what radix's provider does for the tooltips inside it).
 */
let skipping = false;
let skipTimer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};
const setSkipping = (value: boolean) => {
  skipping = value;
  listeners.forEach((listener) => listener());
};
function closed(): void {
  clearTimeout(skipTimer);
  setSkipping(true);
  skipTimer = setTimeout(() => setSkipping(false), TOOLTIP_SKIP_DELAY);
}
const delayNow = () => (skipping ? 0 : TOOLTIP_DELAY);
/** Events that end a press. */
const RELEASES = ['mouseup', 'touchend', 'pointercancel'] as const;

/** Kept for the islands' structure: timings live in each tooltip (see above). */
export function TooltipProvider({ children }: { children: ReactNode }) {
  return <>{children}</>;
}

type ControlProps = {
  ref?: Ref<HTMLElement>;
  onPointerEnter?: (event: PointerEvent<HTMLElement>) => void;
  onPointerLeave?: (event: PointerEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
  onMouseDown?: (event: MouseEvent<HTMLElement>) => void;
  onPointerDown?: (event: PointerEvent<HTMLElement>) => void;
};

export function Tooltip({ content, children, side = 'top' }: { content: string; children: ReactElement; side?: 'top' | 'bottom' | 'left' | 'right' }) {
  const [module, setModule] = useState<Radix | undefined>(radix);
  const delay = useSyncExternalStore(subscribe, delayNow, () => TOOLTIP_DELAY);
  // Controlled, so radix tells the other tooltips to close the moment this one opens.
  const [open, setOpen] = useState(false);
  const control = useRef<HTMLElement>(null);
  /**
   * How the visitor first asked, and when: the tooltip opens for it once radix is in. `focused`: whether the plain
   * control still had the focus when radix arrived, just before it is remounted as radix's trigger.
   */
  const asked = useRef<{ by: 'pointer' | 'focus'; at: number; delay: number; focused?: boolean } | undefined>(undefined);
  /** Whether the pointer is still over the plain control (a remounted element does not know: no event tells it). */
  const pointerOver = useRef(false);
  const own = children.props as ControlProps;

  /** A pointer pressed on the control: the remount waits for its release, so the press still ends in a click. */
  const pressed = useRef(false);
  /** A press (a pointer's, or the mouse events a touch is followed by) lasts until released, on the control or off it. */
  const press = () => {
    pressed.current = true;
    const release = () => {
      for (const type of RELEASES) window.removeEventListener(type, release, true);
      pressed.current = false;
    };
    for (const type of RELEASES) window.addEventListener(type, release, true);
  };
  const ask = (by: 'pointer' | 'focus') => {
    if (module) return;
    asked.current ??= { by, at: performance.now(), delay: delayNow() };
    const arrive = (loaded: Radix) => {
      if (asked.current) asked.current.focused = control.current !== null && document.activeElement === control.current;
      setModule(loaded);
    };
    loadRadix().then(
      (loaded) => {
        if (!pressed.current) return arrive(loaded);
        const released = () => {
          for (const type of RELEASES) window.removeEventListener(type, released, true);
          // The click follows the mouseup in the same task: remount after it.
          setTimeout(() => arrive(loaded));
        };
        for (const type of RELEASES) window.addEventListener(type, released, true);
      },
      () => undefined, // without radix, the control works as it is, named by its label
    );
  };

  useLayoutEffect(() => {
    const first = asked.current;
    const element = control.current;
    if (!module || !first || !element) return;
    asked.current = undefined;
    // The control was remounted as radix's trigger: one that had the focus takes it back, unless the focus has gone
    // somewhere since (a visitor tabbing on while radix loaded keeps their place).
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (first.focused && lost) element.focus();
    const still = first.by === 'focus' ? document.activeElement === element : pointerOver.current;
    if (!still) return;
    const wait = first.by === 'focus' ? 0 : Math.max(0, first.delay - (performance.now() - first.at));
    const timer = setTimeout(() => setOpen(true), wait);
    return () => clearTimeout(timer);
  }, [module]);

  if (!module) {
    return cloneElement(children as ReactElement<ControlProps>, {
      ref: control,
      onPointerEnter: (event) => {
        own.onPointerEnter?.(event);
        pointerOver.current = true;
        if (event.pointerType !== 'touch') ask('pointer');
      },
      onPointerDown: (event) => {
        own.onPointerDown?.(event);
        press();
      },
      onMouseDown: (event) => {
        own.onMouseDown?.(event);
        press();
      },
      onPointerLeave: (event) => {
        own.onPointerLeave?.(event);
        pointerOver.current = false;
      },
      onFocus: (event) => {
        own.onFocus?.(event);
        // Focus a press gave (a click, or a tap's mouse events, which follow its touch) is not a request for the
        // tooltip: the keyboard's is.
        if (!pressed.current) ask('focus');
      },
    });
  }
  const trigger = cloneElement(children as ReactElement<ControlProps>, { ref: control });
  return (
    <module.Provider delayDuration={TOOLTIP_DELAY} skipDelayDuration={TOOLTIP_SKIP_DELAY}>
      <module.Root
        open={open}
        delayDuration={delay}
        onOpenChange={(next) => {
          if (!next && open) closed();
          setOpen(next);
        }}
      >
        <module.Trigger asChild>{trigger}</module.Trigger>
        <module.Portal>
          <module.Content className="tooltip" side={side} sideOffset={TOOLTIP_SIDE_OFFSET}>
            {content}
            <module.Arrow className="tooltip-arrow" width={10} height={5} />
          </module.Content>
        </module.Portal>
      </module.Root>
    </module.Provider>
  );
}
